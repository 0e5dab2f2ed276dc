import { api } from '#contract/routes.ts';
import { GalleryPicks, GalleryThreads, type Gallery } from '#contract/galleries.ts';
import { makeCategory, makePhoto } from '#tests/fixtures/contract.ts';
import { reply, type Handler } from './contract-fetch.ts';
import { siteHandlers } from './site.ts';

/** A client's gallery link: its token, and the gallery it opens. */
export const GALLERY_TOKEN = 'a'.repeat(43);
const galleryPhotos = [makePhoto(1, 7, 0), makePhoto(2, 7, 1), makePhoto(3, 7, 2)];
/** A link with everything on: proofing with a cap, comments, display downloads under a limit, a sneak peek. */
export const openGallery = {
  label: 'For Ada',
  category: { ...makeCategory(7, 0), name: 'Wedding' },
  photos: galleryPhotos,
  proofing: true,
  downloads: 'display',
  comments: true,
  downloadLimit: 10,
  downloadsLeft: 4,
  releaseAt: '2027-03-14T12:00:00.000Z',
} satisfies Gallery;

/** The gallery's answers: `answer` for the gallery itself (open, locked or gone); a pick made, a photo approved with the photographer's comment. */
export const galleryHandlers = (answer: () => Response) =>
  ({
    ...siteHandlers(),
    [`GET ${api.gallery}`]: answer,
    [`GET ${api.galleryPicks}`]: () => reply(GalleryPicks, { photoIds: [1], pickCap: 2, submittedAt: null }),
    // The viewer counts a photo looked at; the server answers with no body.
    [`POST ${api.galleryPhotoViewed}`]: () => new Response(null, { status: 204 }),
    [`GET ${api.galleryComments}`]: () =>
      reply(GalleryThreads, {
        threads: [{ photoId: 1, verdict: 'approved', comments: [{ id: 1, author: 'owner', text: 'Lovely light.', createdAt: '2027-03-01T09:30:00.000Z' }] }],
      }),
  }) satisfies Record<string, Handler>;

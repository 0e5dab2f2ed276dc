import { Category } from '#contract/categories.ts';
import { OTHER_SECTION } from '#contract/photo-cursor.ts';
import { PhotoPage, PhotoSections } from '#contract/photo-pages.ts';
import { PhotoCameras } from '#contract/photo-search.ts';
import { PHOTO_ACCEPT, UploadFormats, type Photo } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { makeCategory, makePhoto } from '#tests/fixtures/contract.ts';
import { reply, type Handler } from './contract-fetch.ts';

/**
 * The site the owner's photo work area reads, held by the test: its categories and each place's
 * photos (the bank's under `bank`). The handlers read it at each request, so a test that answers
 * a change (a rename, a deletion) changes it and the next refetch shows the result.
 */
export interface WorkspaceSite {
  categories: Category[];
  bank: Photo[];
  placed: Record<number, Photo[]>;
}

export function workspaceSite(site: Partial<WorkspaceSite> = {}): WorkspaceSite {
  return { categories: [], bank: [], placed: {}, ...site };
}

const photosIn = (site: WorkspaceSite, key: string | null): Photo[] => (key === OTHER_SECTION ? site.bank : (site.placed[Number(key)] ?? []));

/** What a server without HEIC, RAW or video tools says its upload takes. */
const basicFormats: UploadFormats = {
  takes: ['JPEG', 'PNG', 'GIF', 'WebP'],
  accept: Object.fromEntries(Object.entries(PHOTO_ACCEPT).map(([type, extensions]) => [type, [...extensions]])),
  missing: [],
};

/** The answers the photo work area asks for as it opens: counts, categories, each place's pages, the upload's formats, the cameras. */
export function workspaceHandlers(site: WorkspaceSite) {
  return {
    [`GET ${api.categories}`]: () => reply(Category.array(), site.categories),
    [`GET ${api.photoSections}`]: () =>
      reply(PhotoSections, {
        sections: [
          ...site.categories.map((category) => ({ categoryId: category.id, total: photosIn(site, String(category.id)).length, photos: [] })),
          { categoryId: null, total: site.bank.length, photos: [] },
        ],
        withoutAltText: 0,
      }),
    [`GET ${api.photoPage}`]: (request) => {
      const photos = photosIn(site, new URL(request.url).searchParams.get('categoryId'));
      return reply(PhotoPage, { photos, total: photos.length, offset: 0, next: null });
    },
    [`GET ${api.photosUpload}`]: () => reply(UploadFormats, basicFormats),
    // The search panel's camera filter: photos with no camera recorded.
    [`GET ${api.photoCameras}`]: () => reply(PhotoCameras, { cameras: [] }),
  } satisfies Record<string, Handler>;
}

/** A photo titled `title`, in the bank (categoryId null) or a category. */
export function photoTitled(id: number, title: string, categoryId: number | null = null, order = 0): Photo {
  return { ...makePhoto(id, categoryId, order), title };
}

/** A category named `name`. */
export function categoryNamed(id: number, name: string, order = 0): Category {
  return { ...makeCategory(id, order), name };
}

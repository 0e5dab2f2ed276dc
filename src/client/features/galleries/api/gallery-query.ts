import type { Gallery } from '#contract/galleries.ts';
import { pathTo, visitorApi } from '#contract/screens.ts';

/**
 * What a link's holder sees. Locked (its password still to give) and gone are answers, not
 * errors: a 401 here is no sign that the owner's session ended.
 */
export type GalleryAnswer = { state: 'open'; gallery: Gallery } | { state: 'locked' } | { state: 'gone' };

/**
 * The gallery's query key: its own module, as small as a visitor's first load needs, since the
 * page seeds it with the gallery it embeds (`app/page-data.ts`).
 */
export const galleryKey = (token: string) => [pathTo(visitorApi.gallery, { token })];

import { api, pathTo } from '#contract/routes.ts';

/**
 * A link's downloads: plain addresses the browser fetches itself (with the link's cookie) and
 * saves under the name the server gives, so a ZIP of any size streams to disk, never to memory.
 */
export const photoDownloadUrl = (token: string, photoId: number) => pathTo(api.galleryPhotoDownload, { token, photoId });
export const galleryDownloadUrl = (token: string) => pathTo(api.galleryDownload, { token });

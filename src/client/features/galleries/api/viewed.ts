import { api, pathTo } from '#contract/routes.ts';

/**
 * The viewer's signal that a photo was looked at, on the link's own API: once per photo per page
 * load, sent with keepalive so a closing tab still sends it; its answer is not waited for.
 */
export function sendPhotoViewed(token: string, photoId: number, sent: Set<number>): void {
  if (sent.has(photoId)) return;
  sent.add(photoId);
  void fetch(pathTo(api.galleryPhotoViewed, { token, photoId }), { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => {});
}

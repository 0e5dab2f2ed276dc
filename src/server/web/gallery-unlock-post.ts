import { GalleryTokenParams, UnlockGalleryRequest, type GalleryUnlockRefusal } from '#contract/galleries.ts';
import { unlockGallery, type GalleryUnlocked } from '#server/features/galleries/galleries.service.ts';
import type { AppContext } from '#server/app-context.ts';
import { DomainError } from '#server/lib/errors.ts';
import { httpAnswerOf } from '#server/http/http-error.ts';

/** What a gallery's password posted as a plain form comes to: the cookies to set, or the refusal and its answer's status. */
export type GalleryUnlockPosted =
  | { unlocked: GalleryUnlocked }
  | { unlocked?: never; status: number; headers: Record<string, string>; refusal: GalleryUnlockRefusal };

/**
 * A gallery's password posted without the script (the gallery page's form): checked by the service
 * the JSON route calls, so the same rate limits (per address, per link or per known browser), the
 * same cookies and the same refusals. A token that is not a link's shape is a link that does not
 * open, as the page says for it; an empty password is asked for again, as the form asks with the
 * script; one longer than any link's is wrong without counting as a try.
 */
export async function postGalleryUnlock(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
  fields: Record<string, string>,
  client: { address: string; secure: boolean; cookies: Record<string, string | undefined> },
): Promise<GalleryUnlockPosted> {
  if (!GalleryTokenParams.safeParse({ token }).success) return { status: 404, headers: {}, refusal: { reason: 'refused', code: 'galleries.not_found', params: {} } };
  const password = fields.password ?? '';
  if (password === '') return { status: 400, headers: {}, refusal: { reason: 'required' } };
  if (!UnlockGalleryRequest.safeParse({ password }).success) {
    return { status: 400, headers: {}, refusal: { reason: 'refused', code: 'galleries.wrong_password', params: {} } };
  }
  try {
    return { unlocked: await unlockGallery(ctx, token, password, client) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { statusCode, headers } = httpAnswerOf(error);
    return { status: statusCode, headers, refusal: { reason: 'refused', code: error.code, params: error.params } };
  }
}

/** Every Cache-Control value the server sends, each with the reason it fits. */

/** A name that is never reused for other bytes (a stored upload, a hashed asset): cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** May be kept, but asked about again on every use (pages, lists with an ETag, the OpenAPI document). */
export const REVALIDATE = 'no-cache';

/** The signed-in owner's own answer (drafts included): asked about again, and never kept by a shared cache. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** Never kept: the answer is about this very moment (health probes). */
export const NO_STORE = 'no-store';

/** Changes seldom and may lag a little: robots.txt, and a redirect that follows S3_PUBLIC_URL. */
export const CACHE_AN_HOUR = 'public, max-age=3600';

/** Follows the photos, but a few minutes late does no harm. */
export const CACHE_FIVE_MINUTES = 'public, max-age=300';

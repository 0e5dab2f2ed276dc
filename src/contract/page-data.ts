import { z } from 'zod';
import { Category } from './categories.ts';
import { Gallery } from './galleries.ts';
import { PhotoPage, PhotoSections } from './photo-pages.ts';
import { PhotoWithCategory } from './photos.ts';
import { PortfolioOwner } from './portfolio.ts';

/**
 * The data of a page's first paint, embedded by the server in the HTML as
 * `<script type="application/json" id="page-data">` (data, never code: the CSP forbids inline
 * scripts). The client seeds its query cache with it, so a visitor waits for no API round trip.
 */
export { PAGE_DATA_ELEMENT_ID } from './page-data-element.ts';

export const PageData = z.object({
  owner: PortfolioOwner.optional(),
  categories: z.array(Category).optional(),
  /** Every section's count and the first screens of photos: a visitor's portfolio page. */
  photoSections: PhotoSections.optional(),
  /** The photo of a /photo/{id} page. */
  photo: PhotoWithCategory.optional(),
  /** The photos around it in its section (a window of PHOTO_PAGE_SIZE): its page's previous and next. */
  photoWindow: PhotoPage.optional(),
  /**
   * A client's gallery its visitor may see now (no password, or its access cookie held): the
   * link's token as the address has it and what `/api/galleries/{token}` answers them. None for a
   * gallery still behind its password (`lockedGallery`), nor for a request with a session cookie: the client asks.
   */
  gallery: z.object({ token: z.string(), gallery: Gallery }).optional(),
  /**
   * A client's gallery still behind its password, for a visitor's browser: the link's token, so
   * the password form is drawn by the server (posted as a plain form without the script) and the
   * browser's first render draws the same. Nothing else of the gallery.
   */
  lockedGallery: z.object({ token: z.string() }).optional(),
  /** Null when the request carried no session cookie: surely a visitor, no need to ask. */
  user: z.null().optional(),
});
export type PageData = z.infer<typeof PageData>;

import type { Photo } from './photos.ts';

/**
 * Where a photo's files are served, and the srcset of each layout. Shared so the server's
 * `<link rel="preload">` names exactly the candidates the page's `<img>` will choose from.
 */

type PhotoFiles = Pick<Photo, 'filename' | 'thumbnail' | 'variants' | 'width' | 'height' | 'version'>;

/** A stored file; `v` busts caches when the file behind a name changes. */
export const uploadPath = (filename: string, version: number | string) =>
  `/uploads/${encodeURIComponent(filename)}?v=${encodeURIComponent(String(version))}`;

/** A banner's name is new with every upload, so one version caches it for good. */
export const bannerPath = (bannerImage: string) => uploadPath(bannerImage, 1);

/** The square thumbnail is at most 400 px a side; the server never enlarges. */
const THUMBNAIL_MAX_SIDE = 400;

/** The display image: the largest public file, the full-size view and the og:image. */
export const displayImagePath = (photo: PhotoFiles) => uploadPath(photo.filename, photo.version);

export const thumbnailPath = (photo: PhotoFiles) => uploadPath(photo.thumbnail, photo.version);

/** Every width of the whole picture, narrowest first, ending with the display image. */
export function photoSrcSet(photo: PhotoFiles): string {
  const candidates = photo.variants
    .filter((variant) => variant.width < photo.width)
    .map((variant) => `${uploadPath(variant.filename, photo.version)} ${variant.width}w`);
  candidates.push(`${displayImagePath(photo)} ${photo.width}w`);
  return candidates.join(', ');
}

/** No tile is drawn wider than a phone's half screen at 3x; wider files would only be listed. */
const TILE_MAX_WIDTH = 960;

/**
 * For square tiles: the square thumbnail, then the wider variants for dense screens (cropped to
 * the square by object-fit).
 */
export function tileSrcSet(photo: PhotoFiles): string {
  const side = Math.min(THUMBNAIL_MAX_SIDE, photo.width, photo.height);
  const candidates = [`${thumbnailPath(photo)} ${side}w`];
  for (const variant of photo.variants) {
    if (variant.width > side * 1.4 && variant.width < photo.width && variant.width <= TILE_MAX_WIDTH) {
      candidates.push(`${uploadPath(variant.filename, photo.version)} ${variant.width}w`);
    }
  }
  return candidates.join(', ');
}

/** A tile's width in each layout of the grid (2, 6 and 8 columns in at most 80rem). */
export const TILE_SIZES = '(min-width: 1280px) 154px, (min-width: 1024px) 12vw, (min-width: 768px) 16vw, 50vw';

/** The photo page's image: the page's width, at most 80rem less its padding. */
export const PHOTO_PAGE_SIZES = '(min-width: 1280px) 1232px, 100vw';

import { THUMBNAIL_SIDE } from './image-sizes.ts';
import type { CategoryDensity, CategoryLayout } from './categories.ts';
import type { Photo } from './photos.ts';

/**
 * Where a photo's files are served, and the srcset of each layout. Shared so the server's
 * `<link rel="preload">` names exactly the candidates the page's `<img>` will choose from.
 */

type PhotoFiles = Pick<Photo, 'filename' | 'thumbnail' | 'variants' | 'width' | 'height' | 'version' | 'filesBase'>;

/** Where the public store is served. */
const UPLOADS_BASE = '/uploads';
/** Where the owner gets a non-public gallery's copies (files.restrictedFile). */
export const RESTRICTED_FILES_BASE = '/restricted';
/** Where a link's holder gets its gallery's copies (files.galleryFile). */
export const galleryFilesBase = (token: string) => `/g/${encodeURIComponent(token)}/files`;

/** A stored file; `v` busts caches when the file behind a name changes. */
export const uploadPath = (filename: string, version: number | string, base = UPLOADS_BASE) =>
  `${base}/${encodeURIComponent(filename)}?v=${encodeURIComponent(String(version))}`;

/** One of a photo's files, where that photo's files are served. */
const photoFilePath = (photo: PhotoFiles, filename: string) => uploadPath(filename, photo.version, photo.filesBase);

/** A banner's name is new with every upload, so one version caches it for good. */
export const bannerPath = (bannerImage: string) => uploadPath(bannerImage, 1);

/** The display image: the largest public file, the full-size view and the og:image. */
export const displayImagePath = (photo: PhotoFiles) => photoFilePath(photo, photo.filename);

export const thumbnailPath = (photo: PhotoFiles) => photoFilePath(photo, photo.thumbnail);

/** Every width of the whole picture, narrowest first, ending with the display image. */
export function photoSrcSet(photo: PhotoFiles): string {
  const candidates = photo.variants
    .filter((variant) => variant.width < photo.width)
    .map((variant) => `${photoFilePath(photo, variant.filename)} ${variant.width}w`);
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
  const side = Math.min(THUMBNAIL_SIDE, photo.width, photo.height);
  const candidates = [`${thumbnailPath(photo)} ${side}w`];
  for (const variant of photo.variants) {
    if (variant.width > side * 1.4 && variant.width < photo.width && variant.width <= TILE_MAX_WIDTH) {
      candidates.push(`${photoFilePath(photo, variant.filename)} ${variant.width}w`);
    }
  }
  return candidates.join(', ');
}

/** A tile's width in each layout of the grid (2, 6 and 8 columns in at most 80rem). */
export const TILE_SIZES = '(min-width: 1280px) 154px, (min-width: 1024px) 12vw, (min-width: 768px) 16vw, 50vw';

/** Justified rows' target height in CSS pixels (phones, then 768 px and wider), per density. */
export const JUSTIFIED_ROW_HEIGHTS = {
  compact: { phone: 120, wide: 200 },
  large: { phone: 200, wide: 320 },
} as const satisfies Record<CategoryDensity, { phone: number; wide: number }>;

/** Rows stretch to fill the width; this bounds how much wider than its target a tile is drawn. */
const JUSTIFIED_STRETCH = 1.5;

/** Tile widths by columns in at most 80rem: the square grid's 2/6/8 (the spec's) or 1/3/4 columns. */
const SQUARE_SIZES: Record<CategoryDensity, string> = {
  compact: TILE_SIZES,
  large: '(min-width: 1280px) 308px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 100vw',
};
/** Masonry's 2/4/5 or 1/2/3 columns. */
const MASONRY_SIZES: Record<CategoryDensity, string> = {
  compact: '(min-width: 1280px) 246px, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, 50vw',
  large: '(min-width: 1280px) 410px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
};

/**
 * The image of one grid tile in a category's layout: the square crop for the square grid, the
 * whole picture otherwise, with the `sizes` the browser needs to pick a file. Shared so the
 * server's preload names exactly what the page's first tiles will fetch.
 */
export function gridTileImage(
  photo: PhotoFiles,
  layout: CategoryLayout,
  density: CategoryDensity,
): { square: boolean; href: string; srcset: string; sizes: string } {
  if (layout === 'square') {
    return { square: true, href: thumbnailPath(photo), srcset: tileSrcSet(photo), sizes: SQUARE_SIZES[density] };
  }
  let sizes = MASONRY_SIZES[density];
  if (layout === 'justified') {
    const ratio = photo.width / photo.height;
    const rows = JUSTIFIED_ROW_HEIGHTS[density];
    const px = (height: number) => `${Math.ceil(ratio * height * JUSTIFIED_STRETCH)}px`;
    sizes = `(min-width: 768px) ${px(rows.wide)}, ${px(rows.phone)}`;
  }
  return { square: false, href: displayImagePath(photo), srcset: photoSrcSet(photo), sizes };
}

/** The photo page's image: the page's width, at most 80rem less its padding. */
export const PHOTO_PAGE_SIZES = '(min-width: 1280px) 1232px, 100vw';

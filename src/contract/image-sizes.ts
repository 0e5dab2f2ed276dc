/**
 * The sizes of the files the server makes from an upload, in pixels. The server renders them;
 * the page's srcset and link previews describe them, so both read this one table.
 */

/** The display image's longest side; smaller uploads keep their size (never enlarged). */
export const DISPLAY_MAX_SIDE = 2560;

/** The widths of the responsive copies, each made only when narrower than the display image. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The square thumbnail is at most this many pixels a side. */
export const THUMBNAIL_SIDE = 400;

/** The blurred placeholder is computed from a copy at most this large. */
export const PLACEHOLDER_MAX_SIDE = 100;

/** Every banner is cropped to exactly this size. */
export const BANNER_SIZE = { width: 1920, height: 640 } as const;

/**
 * How each copy is compressed (sharp's quality, 1–100). The widths are seen small and many, so
 * they give a little more for size; the display image and the banner are seen whole.
 */
export const COPY_QUALITY = {
  /** The display image, JPEG (progressive) or WebP with transparency, and its HDR gain-map copy. */
  display: 82,
  variant: 78,
  thumbnail: 80,
  banner: 82,
} as const;

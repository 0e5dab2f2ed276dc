import { z } from 'zod';

/**
 * Watermarks on the public copies: a line of text or the owner's logo, drawn on the
 * display image and the widths (the thumbnail too when chosen), never on the original. The site
 * has one (or none); a category may keep the site's, have none, or have its own.
 */

export const WATERMARK_TEXT_MAX = 100;
export const WATERMARK_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The mark's width, as a percentage of the image's width. */
export const WATERMARK_SIZE_MIN = 5;
export const WATERMARK_SIZE_MAX = 80;

/** Where the mark sits: a corner, the middle of an edge, or the centre. */
export const WATERMARK_ANCHORS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'centre',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export const WatermarkAnchor = z.enum(WATERMARK_ANCHORS, 'Position must be a corner, an edge or the centre (top-left … bottom-right, centre)');
export type WatermarkAnchor = z.infer<typeof WatermarkAnchor>;

export const WATERMARK_ANCHOR_LABELS: Record<WatermarkAnchor, string> = {
  'top-left': 'Top left',
  top: 'Top',
  'top-right': 'Top right',
  left: 'Left',
  centre: 'Centre',
  right: 'Right',
  'bottom-left': 'Bottom left',
  bottom: 'Bottom',
  'bottom-right': 'Bottom right',
};

const placement = {
  anchor: WatermarkAnchor,
  size: z
    .number('Size must be a number')
    .int('Size must be a whole number')
    .min(WATERMARK_SIZE_MIN, `Size must be at least ${WATERMARK_SIZE_MIN}% of the image's width`)
    .max(WATERMARK_SIZE_MAX, `Size must be at most ${WATERMARK_SIZE_MAX}% of the image's width`),
  opacity: z
    .number('Opacity must be a number')
    .int('Opacity must be a whole number')
    .min(1, 'Opacity must be at least 1%')
    .max(100, 'Opacity must be at most 100%'),
  /** Whether the square thumbnails carry the mark too (the grid's tiles). */
  thumbnails: z.boolean('Thumbnails must be true or false'),
};

const TextWatermark = z
  .object({
    kind: z.literal('text'),
    text: z
      .string('Text is required')
      .trim()
      .min(1, 'Watermark text is required')
      .max(WATERMARK_TEXT_MAX, `Watermark text must be at most ${WATERMARK_TEXT_MAX} characters`)
      // eslint-disable-next-line no-control-regex
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'Watermark text must be one line, without control characters'),
    ...placement,
  })
  .strict();

const LogoWatermark = z
  .object({
    kind: z.literal('logo'),
    /** A logo the server stored from POST /api/watermark/logo. */
    logo: z.string('Upload a logo first').min(1, 'Upload a logo first').max(200),
    ...placement,
  })
  .strict();

export const Watermark = z.discriminatedUnion('kind', [TextWatermark, LogoWatermark], {
  error: 'Watermark kind must be text or logo',
});
export type Watermark = z.infer<typeof Watermark>;
export type WatermarkInput = z.input<typeof Watermark>;

/** The site's watermark; null for none. */
export const SiteWatermark = z.object({ watermark: Watermark.nullable() }).strict();
export type SiteWatermark = z.infer<typeof SiteWatermark>;

/** A category's own setting: the site's watermark (the default), none, or its own. */
export const CATEGORY_WATERMARK_MODES = ['site', 'none', 'own'] as const;
export const CategoryWatermark = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('site') }).strict(),
    z.object({ mode: z.literal('none') }).strict(),
    z.object({ mode: z.literal('own'), watermark: Watermark }).strict(),
  ],
  { error: 'Mode must be site, none or own' },
);
export type CategoryWatermark = z.infer<typeof CategoryWatermark>;

export const WatermarkLogoResponse = z.object({ logo: z.string() });
export type WatermarkLogoResponse = z.infer<typeof WatermarkLogoResponse>;

/** The background pass that gives every photo's copies the watermark that applies to it now. */
export const WatermarkProgress = z.object({
  /** A pass is under way, or waits to start. */
  running: z.boolean(),
  /** Photos of this pass done, and the photos it has to render. */
  done: z.number().int(),
  total: z.number().int(),
});
export type WatermarkProgress = z.infer<typeof WatermarkProgress>;

/**
 * The watermark that applies to a photo: its category's own, none, or (no category, or a category
 * that keeps the site's) the site's.
 */
export function effectiveWatermark(category: CategoryWatermark | null, site: Watermark | null): Watermark | null {
  if (!category || category.mode === 'site') return site;
  return category.mode === 'none' ? null : category.watermark;
}

/** One canonical text per watermark (keys in one order), to compare what copies carry with what applies. */
export function watermarkKey(watermark: Watermark | null): string | null {
  if (!watermark) return null;
  const { kind, anchor, size, opacity, thumbnails } = watermark;
  const mark = kind === 'text' ? { kind, text: watermark.text } : { kind, logo: watermark.logo };
  return JSON.stringify({ ...mark, anchor, size, opacity, thumbnails });
}

/** A stored setting read back; one that no longer parses (hand-edited) counts as none rather than failing every render. */
function parseStored<T>(json: string | null, schema: z.ZodType<T>): T | null {
  if (json === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The site's watermark as the server stores it (JSON; null for none). */
export const parseStoredSiteWatermark = (json: string | null): Watermark | null => parseStored(json, Watermark);
/** A category's setting as the server stores it; null: the category keeps the site's. */
export const parseStoredCategoryWatermark = (json: string | null): CategoryWatermark | null => parseStored(json, CategoryWatermark);

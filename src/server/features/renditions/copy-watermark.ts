import { buffer } from 'node:stream/consumers';
import { effectiveWatermark, parseStoredCategoryWatermark, parseStoredSiteWatermark, watermarkKey, type Watermark } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import { loadWatermark, type LoadedWatermark } from '#server/images/watermark.ts';
import type { RightsSourceRow } from './renditions.repository.ts';

/**
 * The watermark of a photo's copies: what applies to it (its category's own, none, or the
 * site's), whether its copies show something else, and the mark ready for the pipeline.
 */

export const watermarkOfRow = (row: Pick<RightsSourceRow, 'siteWatermark' | 'categoryWatermark'>): Watermark | null =>
  effectiveWatermark(parseStoredCategoryWatermark(row.categoryWatermark), parseStoredSiteWatermark(row.siteWatermark));

/** Whether a photo's copies show another watermark (or one, or none) than applies to it now. */
export function watermarkOutOfDate(row: Pick<RightsSourceRow, 'siteWatermark' | 'categoryWatermark' | 'renderedWatermark'>): boolean {
  return row.renderedWatermark !== watermarkKey(watermarkOfRow(row));
}

/** The `rendered_watermark` column for copies drawn with this watermark. */
export const renderedWatermarkColumn = (watermark: Watermark | null): string | null => watermarkKey(watermark);

/**
 * The mark for the pipeline; null for none. A logo that is no longer stored draws nothing (the
 * photo keeps a copy, logged), rather than failing every render.
 */
export async function loadedWatermarkOf(
  ctx: Pick<AppContext, 'media'> & Partial<Pick<AppContext, 'log'>>,
  watermark: Watermark | null,
): Promise<LoadedWatermark | null> {
  if (!watermark) return null;
  const loaded = await loadWatermark(watermark, async (name) => {
    const opened = await ctx.media.uploads.open(name);
    return opened ? buffer(opened.stream) : null;
  });
  if (!loaded) ctx.log?.warn({ logo: watermark.kind === 'logo' ? watermark.logo : null }, 'the watermark logo is not stored: copies are drawn without it');
  return loaded;
}

import {
  parseStoredCategoryWatermark,
  parseStoredSiteWatermark,
  WATERMARK_LOGO_MAX_BYTES,
  type CategoryWatermark,
  type SiteWatermark,
  type Watermark,
  type WatermarkLogoResponse,
} from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import type { ImageFormat } from '#server/images/image-format.ts';
import { changingCopies } from '#server/features/renditions/renditions.service.ts';
import { invalid, notFound, tooLarge } from '#server/lib/errors.ts';
import { isWatermarkLogoFileName, newFileKey } from '#server/storage/file-names.ts';
import * as repo from './watermarks.repository.ts';

/**
 * The watermark settings: the site's, and a category's own. Saving one records, with the setting,
 * the pass that brings every photo's copies in step (`features/renditions/`).
 */

/** A logo keeps its transparency: PNG or WebP, no JPEG. */
export const WATERMARK_LOGO_FORMATS: readonly ImageFormat[] = ['png', 'webp'];

type WatermarksContext = Pick<AppContext, 'db' | 'media' | 'clock' | 'jobs'>;

export async function getSiteWatermark(ctx: Pick<AppContext, 'db'>, userId: number): Promise<SiteWatermark> {
  const json = await repo.findSiteWatermark(ctx.db, userId);
  if (json === undefined) throw notFound('users.not_found');
  return { watermark: parseStoredSiteWatermark(json) };
}

/** A logo setting must name a logo this server stored; no other file can be drawn on the photos. */
async function checkLogo(ctx: WatermarksContext, watermark: Watermark | null): Promise<void> {
  if (watermark?.kind !== 'logo') return;
  if (!isWatermarkLogoFileName(watermark.logo) || !(await ctx.media.uploads.stat(watermark.logo))) {
    throw invalid('watermarks.logo_not_stored');
  }
}

export async function saveSiteWatermark(ctx: WatermarksContext, userId: number, body: SiteWatermark): Promise<SiteWatermark> {
  await checkLogo(ctx, body.watermark);
  await changingCopies(ctx, (trx) => repo.setSiteWatermark(trx, userId, body.watermark ? JSON.stringify(body.watermark) : null));
  return { watermark: body.watermark };
}

export async function getCategoryWatermark(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<CategoryWatermark> {
  const row = await repo.findCategoryWatermark(ctx.db, userId, id);
  if (!row) throw notFound('categories.not_found');
  return parseStoredCategoryWatermark(row.watermark) ?? { mode: 'site' };
}

export async function saveCategoryWatermark(ctx: WatermarksContext, userId: number, id: number, body: CategoryWatermark): Promise<CategoryWatermark> {
  if (body.mode === 'own') await checkLogo(ctx, body.watermark);
  const json = body.mode === 'site' ? null : JSON.stringify(body);
  if (!(await changingCopies(ctx, (trx) => repo.setCategoryWatermark(trx, userId, id, json)))) throw notFound('categories.not_found');
  return body;
}

/** An uploaded logo, on local disk for the time of the request. */
export interface LogoFile {
  path: string;
  /** Cut off at the size limit by the receiver. */
  tooLarge: boolean;
}

/**
 * Stores an uploaded logo (PNG or WebP, made a lossless WebP of at most 1600 px). No setting
 * changes: the client saves the returned name with the site's or a category's watermark.
 */
export async function uploadWatermarkLogo(ctx: Pick<AppContext, 'media'>, file: LogoFile | undefined): Promise<WatermarkLogoResponse> {
  const { media } = ctx;
  if (!file) throw invalid('watermarks.logo_missing');
  if (file.tooLarge) throw tooLarge('watermarks.logo_too_large', { megabytes: WATERMARK_LOGO_MAX_BYTES / 1024 / 1024 });
  await media.images.inspect(file.path, WATERMARK_LOGO_FORMATS);
  return { logo: await media.images.renderWatermarkLogo(file.path, newFileKey(), media.uploads) };
}

/** The logos a setting names, which cleanup keeps. */
export async function watermarkLogosInUse(ctx: Pick<AppContext, 'db'>): Promise<Set<string>> {
  return new Set((await repo.listWatermarkColumns(ctx.db)).flatMap((json) => logoOfColumn(json) ?? []));
}

/** The logo a site's or a category's watermark column names; null for text, none or the site's. */
export function logoOfColumn(json: string | null): string | null {
  const setting = parseStoredSiteWatermark(json) ?? parseStoredCategoryWatermark(json);
  const watermark = setting && 'mode' in setting ? (setting.mode === 'own' ? setting.watermark : null) : setting;
  return watermark?.kind === 'logo' ? watermark.logo : null;
}

import { CategoryWatermark, effectiveWatermark, Watermark, WATERMARK_LOGO_MAX_BYTES, type SiteWatermark, type WatermarkLogoResponse } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import type { ImageFormat } from '#server/images/image-format.ts';
import { invalid, notFound, tooLarge } from '#server/lib/errors.ts';
import { isWatermarkLogoFileName, newFileKey } from '#server/storage/file-names.ts';
import * as repo from './watermarks.repository.ts';

/**
 * The watermark settings (issue 16): the site's, and a category's own. Saving one only writes the
 * setting; the routes then ask the photos' render pass to bring every copy in step
 * (`photos/rights-render.service.ts`), which reads the settings with `watermarkOfPhoto`.
 */

/** A logo keeps its transparency: PNG or WebP, no JPEG. */
export const WATERMARK_LOGO_FORMATS: readonly ImageFormat[] = ['png', 'webp'];

/** A stored setting; one that no longer parses (hand-edited) counts as none rather than failing every render. */
function parseJson<T>(json: string | null, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (json === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const parseSiteWatermark = (json: string | null): Watermark | null => parseJson(json, Watermark);
/** Null: the category keeps the site's. */
export const parseCategoryWatermark = (json: string | null): CategoryWatermark | null => parseJson(json, CategoryWatermark);

/** The watermark a photo's copies should carry, from its owner's and its live category's columns. */
export function watermarkOfPhoto(siteJson: string | null, categoryJson: string | null): Watermark | null {
  return effectiveWatermark(parseCategoryWatermark(categoryJson), parseSiteWatermark(siteJson));
}

type WatermarksContext = Pick<AppContext, 'db' | 'media'>;

export async function getSiteWatermark(ctx: Pick<AppContext, 'db'>, userId: number): Promise<SiteWatermark> {
  const json = await repo.findSiteWatermark(ctx.db, userId);
  if (json === undefined) throw notFound('User not found');
  return { watermark: parseSiteWatermark(json) };
}

/** A logo setting must name a logo this server stored; no other file can be drawn on the photos. */
async function checkLogo(ctx: WatermarksContext, watermark: Watermark | null): Promise<void> {
  if (watermark?.kind !== 'logo') return;
  if (!isWatermarkLogoFileName(watermark.logo) || !(await ctx.media.uploads.stat(watermark.logo))) {
    throw invalid('The logo is not stored on this server; upload it again');
  }
}

export async function saveSiteWatermark(ctx: WatermarksContext, userId: number, body: SiteWatermark): Promise<SiteWatermark> {
  await checkLogo(ctx, body.watermark);
  await repo.setSiteWatermark(ctx.db, userId, body.watermark ? JSON.stringify(body.watermark) : null);
  return { watermark: body.watermark };
}

export async function getCategoryWatermark(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<CategoryWatermark> {
  const row = await repo.findCategoryWatermark(ctx.db, userId, id);
  if (!row) throw notFound('Category not found');
  return parseCategoryWatermark(row.watermark) ?? { mode: 'site' };
}

export async function saveCategoryWatermark(ctx: WatermarksContext, userId: number, id: number, body: CategoryWatermark): Promise<CategoryWatermark> {
  if (body.mode === 'own') await checkLogo(ctx, body.watermark);
  const json = body.mode === 'site' ? null : JSON.stringify(body);
  if (!(await repo.setCategoryWatermark(ctx.db, userId, id, json))) throw notFound('Category not found');
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
  if (!file) throw invalid('No logo was sent; add a PNG or WebP image in the "logo" field');
  if (file.tooLarge) throw tooLarge(`The logo must be at most ${WATERMARK_LOGO_MAX_BYTES / 1024 / 1024} MB`);
  await media.images.inspect(file.path, WATERMARK_LOGO_FORMATS);
  return { logo: await media.images.renderWatermarkLogo(file.path, newFileKey(), media.uploads) };
}

/** The logos a setting names, which cleanup keeps. */
export async function watermarkLogosInUse(ctx: Pick<AppContext, 'db'>): Promise<Set<string>> {
  return new Set((await repo.listWatermarkColumns(ctx.db)).flatMap((json) => logoOfColumn(json) ?? []));
}

/** The logo a site's or a category's watermark column names; null for text, none or the site's. */
export function logoOfColumn(json: string | null): string | null {
  const setting = parseSiteWatermark(json) ?? parseCategoryWatermark(json);
  const watermark = setting && 'mode' in setting ? (setting.mode === 'own' ? setting.watermark : null) : setting;
  return watermark?.kind === 'logo' ? watermark.logo : null;
}

/** The watermark a new photo of the photo bank (null) or of a category gets at upload. */
export async function watermarkForNewPhoto(ctx: Pick<AppContext, 'db'>, userId: number, categoryId: number | null): Promise<Watermark | null> {
  const site = (await repo.findSiteWatermark(ctx.db, userId)) ?? null;
  const category = categoryId === null ? null : ((await repo.findCategoryWatermark(ctx.db, userId, categoryId))?.watermark ?? null);
  return watermarkOfPhoto(site, category);
}

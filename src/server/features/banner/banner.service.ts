import type { BannerUploadResponse } from '#contract/portfolio.ts';
import { invalid, tooLarge } from '#server/lib/errors.ts';
import type { ImageFormat } from '#server/images/image-format.ts';
import type { AppContext } from '#server/app-context.ts';
import { isBannerFileName, newFileKey } from '#server/storage/file-names.ts';
import type { FileStore } from '#server/storage/file-store.ts';

/** A banner may be JPEG, PNG or WebP; no GIF. */
export const BANNER_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp'];

/** An uploaded banner, on local disk for the time of the request. */
export interface BannerFile {
  path: string;
  /** Cut off at the size limit by the receiver. */
  tooLarge: boolean;
}

/**
 * Crops an uploaded image to the banner and stores it. The owner's row is not touched: the
 * client saves the returned name with PATCH /api/portfolio-settings.
 */
export async function uploadBanner(ctx: Pick<AppContext, 'media'>, file: BannerFile | undefined): Promise<BannerUploadResponse> {
  const { media } = ctx;
  if (!file) throw invalid('banner.missing');
  if (file.tooLarge) throw tooLarge('banner.too_large');
  await media.images.inspect(file.path, BANNER_FORMATS);
  return { filename: await media.images.renderBanner(file.path, newFileKey(), media.uploads) };
}

/** True when `name` is a banner this server stored; the settings accept no other name. */
export async function bannerExists(files: FileStore, name: string): Promise<boolean> {
  return isBannerFileName(name) && (await files.stat(name)) !== null;
}

import type { PassThrough, Readable } from 'node:stream';
import { ZipFile } from '#server/lib/stored-zip.ts';
import { GALLERY_ZIPS_PER_LINK, GALLERY_ZIPS_PER_VISITOR } from '#contract/galleries.ts';
import type { AppContext } from '#server/app-context.ts';
import {
  listDownloadablePhotos,
  openDisplayFile,
  openOriginalFile,
  type DownloadablePhoto,
} from '#server/features/renditions/photo-downloads.service.ts';
import { addressBlock } from '#server/lib/address-block.ts';
import { forbidden, notFound, tooManyAttempts } from '#server/lib/errors.ts';
import { openHeldLink, showsPhoto, type GalleryAccess } from './galleries.service.ts';
import { takeDownload } from './comments.repository.ts';
import { recordDownload } from './activity.service.ts';

/**
 * Downloads by a link's policy: one photo, or the whole gallery as one ZIP streamed
 * as it is built. The link is checked as the gallery is (open, not expired or revoked, its
 * password's cookie); a link whose policy is 'none' answers 403. A ZIP is stored, not deflated
 * (JPEG and WebP do not shrink), one file read at a time, in gallery order, with no temporary
 * file: memory stays at a stream's buffers whatever the gallery's size.
 */

type DownloadsContext = Pick<AppContext, 'db' | 'clock' | 'media' | 'log' | 'jobs'>;

export interface Download {
  /** The name the browser saves it under. */
  fileName: string;
  contentType: string;
  stream: Readable;
  size: number | null;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  dng: 'image/x-adobe-dng',
  cr2: 'image/x-canon-cr2',
  nef: 'image/x-nikon-nef',
  arw: 'image/x-sony-arw',
  orf: 'image/x-olympus-orf',
};

/** A name that is safe on every system's disk: no path, no reserved sign, no control character. */
export function safeFileName(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return cleaned || fallback;
}

async function openPolicy(ctx: DownloadsContext, token: string, access: GalleryAccess) {
  const opened = await openHeldLink(ctx, token, access);
  if (opened.link.downloads === 'none') throw forbidden('galleries.downloads_off');
  return { ...opened, policy: opened.link.downloads };
}

/**
 * Counts one download against the link's limit, atomically (a photo or a ZIP is one), or refuses
 * it once none is left. Taken once the file is known to be there, before its first byte is sent.
 */
async function countDownload(ctx: DownloadsContext, linkId: number): Promise<void> {
  if (!(await takeDownload(ctx.db, linkId))) throw forbidden('galleries.download_limit_reached');
}

const openFile = (ctx: DownloadsContext, policy: 'display' | 'originals', photo: DownloadablePhoto) =>
  policy === 'originals' ? openOriginalFile(ctx, photo) : openDisplayFile(ctx, photo);

/** One photo of the gallery, named after its title. */
export async function downloadPhoto(ctx: DownloadsContext, token: string, access: GalleryAccess, photoId: number): Promise<Download> {
  const opened = await openPolicy(ctx, token, access);
  const { link, category, policy } = opened;
  const [photo] = await listDownloadablePhotos(ctx, category.id, photoId);
  // Before the release date, a photo outside the sneak peek is as unknown as one of another gallery.
  if (!photo || !showsPhoto(opened, photo.id)) throw notFound('photos.not_found');
  const file = await openFile(ctx, policy, photo);
  if (!file) throw notFound('photos.not_found');
  try {
    await countDownload(ctx, link.id);
    if (!access.byOwner) await recordDownload(ctx, link, category.name, photo);
  } catch (error) {
    file.stream.destroy();
    throw error;
  }
  return {
    fileName: `${safeFileName(photo.title, `photo-${photo.id}`)}.${file.extension}`,
    contentType: CONTENT_TYPES[file.extension] ?? 'application/octet-stream',
    stream: file.stream,
    size: file.size,
  };
}

/** ZIPs under way in this process, per address (an IPv6 one by its /64) and per link. */
const zipsUnderWay = new Map<string, number>();

/** Takes one of a key's ZIP slots, or throws 429 with the error given; the function given back frees it (once). */
function takeSlot(key: string, limit: number, refusal: () => Error): () => void {
  const held = zipsUnderWay.get(key) ?? 0;
  if (held >= limit) throw refusal();
  zipsUnderWay.set(key, held + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const left = (zipsUnderWay.get(key) ?? 1) - 1;
    if (left > 0) zipsUnderWay.set(key, left);
    else zipsUnderWay.delete(key);
  };
}

/** A slot of the address's and one of the link's, or neither. */
function takeZipSlot(address: string, linkId: number): () => void {
  const releaseAddress = takeSlot(`address:${addressBlock(address)}`, GALLERY_ZIPS_PER_VISITOR, () => tooManyAttempts(10, 'galleries.too_many_zips', { max: GALLERY_ZIPS_PER_VISITOR }));
  try {
    const releaseLink = takeSlot(`link:${linkId}`, GALLERY_ZIPS_PER_LINK, () => tooManyAttempts(10, 'galleries.link_busy', { max: GALLERY_ZIPS_PER_LINK }));
    return () => {
      releaseLink();
      releaseAddress();
    };
  } catch (error) {
    releaseAddress();
    throw error;
  }
}

/** The entry of a photo in the ZIP: its place in the gallery, then its title. */
const entryName = (number: string, photo: DownloadablePhoto, extension: string) =>
  `${number} ${safeFileName(photo.title, `photo-${photo.id}`)}.${extension}`;

/** Resolves when a stream has given all it had, or stopped (an error, or destroyed). */
const settled = (stream: Readable) =>
  new Promise<void>((resolve) => {
    stream.once('end', resolve).once('close', resolve).once('error', () => resolve());
  });

/**
 * The whole gallery as one ZIP, its entries numbered in gallery order ("001 Title.jpg") so a
 * file browser lists them so too. The stream starts at once; each file is opened only as the
 * one before it is being written, and queued behind it (one ahead, so no gap falls between). A file
 * gone meanwhile (its photo deleted) is left out; a store that fails ends the stream with the
 * error, and the download is cut short rather than wrong.
 */
export async function downloadGallery(
  ctx: DownloadsContext,
  token: string,
  access: GalleryAccess & { address: string },
): Promise<Download> {
  const opened = await openPolicy(ctx, token, access);
  const { link, category, policy } = opened;
  const release = takeZipSlot(access.address, link.id);
  try {
    await countDownload(ctx, link.id);
    if (!access.byOwner) await recordDownload(ctx, link, category.name, null);
    const photos = (await listDownloadablePhotos(ctx, category.id)).filter((photo) => showsPhoto(opened, photo.id));
    const zip = new ZipFile();
    // yazl's own stream is the answer: no extra hop per chunk.
    const output = zip.outputStream as PassThrough;
    // The files handed to yazl and not yet written: the one being written and the next, queued
    // behind it so no gap falls between them. Never more than two open at once.
    const open = new Set<Readable>();
    const stop = () => {
      // The reader went (or the end): the files open now are let go too.
      for (const stream of open) stream.destroy();
    };
    output.once('close', () => {
      release();
      stop();
    });
    const fail = (error: unknown) => {
      ctx.log.error({ err: error, categoryId: category.id }, 'a gallery ZIP stopped');
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    zip.on('error', fail);
    const digits = Math.max(3, String(photos.length).length);
    void (async () => {
      let before: Promise<void> | null = null;
      for (const [index, photo] of photos.entries()) {
        const file = await openFile(ctx, policy, photo);
        if (output.destroyed) return file?.stream.destroy();
        if (!file) continue;
        open.add(file.stream);
        const written = settled(file.stream).then(() => void open.delete(file.stream));
        zip.addReadStream(file.stream, entryName(String(index + 1).padStart(digits, '0'), photo, file.extension), {
          compress: false,
          mtime: new Date(photo.createdAt),
        });
        // Queued; the next is opened once the one before it is written.
        if (before) await before;
        before = written;
        if (output.destroyed) return stop();
      }
      zip.end();
    })().catch(fail);
    return { fileName: `${safeFileName(category.name, 'gallery')}.zip`, contentType: 'application/zip', stream: output, size: null };
  } catch (error) {
    release();
    throw error;
  }
}

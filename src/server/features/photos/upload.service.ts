import {
  CAMERA_ACCEPT,
  PHOTO_ACCEPT,
  PHOTO_DESCRIPTION_MAX,
  PHOTO_TITLE_MAX,
  type Photo,
  type RejectedFile,
  type UploadFormats,
  type UploadPhotoFields,
  type UploadReceipt,
} from '#contract/photos.ts';
import { errorText, type ErrorCode, type ErrorParams } from '#contract/error-codes.ts';
import { fileNameStem, UNSAFE_CHARACTERS } from '#contract/file-name-titles.ts';
import { ALT_TEXT_MAX, COPYRIGHT_MAX, CREDIT_MAX } from '#contract/rights.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { categoryDefaultRights } from '#server/features/categories/categories.service.ts';
import type { Rights } from '#contract/rights.ts';
import {
  deletePhotoFiles,
  planNewCopies,
  renderedColumns,
  renderedFilesOf,
  renderNewCopies,
  withOwnRights,
  type NewCopiesPlan,
} from '#server/features/renditions/renditions.service.ts';
import { FORMAT_EXTENSIONS, FORMAT_LABELS, isCameraFormat, RAW_FORMATS, type UploadFormat } from '#server/images/image-format.ts';
import { readCameraDetails, withDetailsFrom } from '#server/images/camera-details.ts';
import { readEmbeddedText, type EmbeddedText, type EmbeddedTextLimits } from '#server/images/embedded-text.ts';
import { ImageRejectedError, type RenderedPhoto } from '#server/images/image-pipeline.ts';
import type { Media } from '#server/images/media.ts';
import { newFileKey, photoFileNames } from '#server/storage/file-names.ts';
import * as repo from './photos.repository.ts';
import * as placement from './upload-placement.repository.ts';
import { cameraColumns, toPhoto, type PhotosContext } from './photos.service.ts';
import type { PhotoRow } from './photos.table.ts';

/**
 * An upload of photos, from the files on disk to new rows: each file checked and rendered on its
 * own, the good ones stored first in the photo bank or the chosen category, every refused one
 * named with its reason.
 */

/** HEIC and RAW are taken when the server has their decoders (images/system-tools.ts). */
export const PHOTO_FORMATS: readonly UploadFormat[] = ['jpeg', 'png', 'gif', 'webp', 'heic', ...RAW_FORMATS];

/**
 * What the upload takes on this server, for the owner's upload panel and the log at start: the
 * sharp formats always, HEIC and RAW when their tools were found.
 */
export function uploadFormats(media: Pick<Media, 'images'>): UploadFormats {
  const { tools } = media.images;
  const heic = tools.takes('heic');
  const raw = tools.takes('raw');
  const plain = PHOTO_FORMATS.filter((format) => !isCameraFormat(format)).map((format) => FORMAT_LABELS[format]);
  return {
    takes: [...plain, ...(heic ? ['HEIC'] : []), ...(raw ? ['RAW'] : [])],
    accept: Object.fromEntries(
      Object.entries({ ...PHOTO_ACCEPT, ...(heic ? CAMERA_ACCEPT.heic : {}), ...(raw ? CAMERA_ACCEPT.raw : {}) }).map(([type, extensions]) => [type, [...extensions]]),
    ),
    missing: tools
      .report()
      .filter((kind) => kind.kind !== 'video' && !kind.available)
      .map((kind) => ({ label: kind.label, package: kind.package! })),
  };
}

/** A title from an upload's name: no folders, no extension, no control characters, ≤ 255. */
export function titleFromFileName(fileName: string): string {
  return fileNameStem(fileName) || 'Untitled';
}

/** An upload's name as kept (never shown to visitors): no folders, no control characters, ≤ 255; null when none. */
export function originalNameOf(fileName: string): string | null {
  const base = (fileName.split(/[\\/]/).at(-1) ?? '').normalize('NFC').replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return [...base].slice(0, PHOTO_TITLE_MAX).join('').trim() || null;
}

/** The contract's limits: embedded text longer than a field takes is cut, never refused. */
export const EMBEDDED_TEXT_LIMITS: EmbeddedTextLimits = {
  title: PHOTO_TITLE_MAX,
  description: PHOTO_DESCRIPTION_MAX,
  altText: ALT_TEXT_MAX,
  credit: CREDIT_MAX,
  copyright: COPYRIGHT_MAX,
};

/** The columns a photo takes from the text written into its file (absent ones left as they are). */
export function embeddedColumns(text: EmbeddedText) {
  return {
    ...(text.title ? { title: text.title } : {}),
    ...(text.description ? { description: text.description } : {}),
    ...(text.altText ? { altText: text.altText } : {}),
    ...(text.credit ? { credit: text.credit } : {}),
    ...(text.copyright ? { copyright: text.copyright } : {}),
  };
}

/** A file of an upload, on local disk for the time of the request. */
export interface IncomingFile {
  name: string;
  path: string;
  /** Cut off at the size limit by the receiver. */
  tooLarge: boolean;
  /** Its place in the upload's selection, when the upload names one. */
  position?: number | undefined;
}

/**
 * Where an upload's photos go (null: the photo bank), and the selection it is a batch of: the
 * client's id for one pick of files and their count. A file of a selection is stored once, however
 * often it is sent, and the selection's photos come first, in the order of the pick.
 */
export interface UploadTarget {
  categoryId: number | null;
  selection: { id: string; count: number } | null;
}

const NO_RIGHTS: Rights = { license: null, credit: null, copyright: null };

export const PHOTO_BANK: UploadTarget = { categoryId: null, selection: null };

export interface UploadOutcome {
  message: string;
  /** When nothing was stored: the refusal's code and values; `message` is their text. */
  code?: ErrorCode;
  params?: ErrorParams;
  photos: Photo[];
  /** The stored photos' ids, in the order of `photos`. */
  ids: number[];
  rejected: RejectedFile[];
  /** One per file, when the upload names a selection. */
  receipts?: UploadReceipt[];
  /** Null when something was stored; otherwise why nothing was. */
  refusedAs: ImageRejectedError['kind'] | null;
}

interface StoredImage {
  position: number | undefined;
  key: string;
  /** The file's name, and the text written into it (its title wins over the name). */
  originalName: string | null;
  embedded: EmbeddedText;
  rendered: RenderedPhoto;
  /** The camera's details as read from the original (never its location): the JSON, the camera and the time taken. */
  camera: ReturnType<typeof cameraColumns>;
  /** What its copies carry and where they are. */
  copies: NewCopiesPlan;
}

/** The refusal of a file cut at the size limit. */
export function fileTooLarge(media: Pick<Media, 'upload'>): ImageRejectedError {
  return new ImageRejectedError('tooLarge', 'photos.file_too_large', { size: formatBytes(media.upload.maxFileBytes) });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A new photo's rights are those written into its file (credit, copyright), else its category's
 * defaults: its copies carry them from the start.
 */
async function storeImage(media: Media, file: IncomingFile, categoryCopies: NewCopiesPlan, fields: UploadPhotoFields): Promise<StoredImage> {
  if (file.tooLarge) throw fileTooLarge(media);
  const { format, cameraDetails } = await media.images.inspect(file.path, PHOTO_FORMATS);
  const key = newFileKey();
  const embedded = await readEmbeddedText(file.path, EMBEDDED_TEXT_LIMITS);
  const copies = withOwnRights(categoryCopies, { license: fields.license ?? null, credit: embedded.credit, copyright: embedded.copyright });
  const [rendered, camera] = await Promise.all([
    renderNewCopies(media, file.path, key, copies),
    readCameraDetails(file.path).then((read) => withDetailsFrom(read, cameraDetails ?? null)),
  ]);
  try {
    await media.originals.put(photoFileNames.original(key, FORMAT_EXTENSIONS[format]), { path: file.path });
  } catch (error) {
    await deletePhotoFiles({ media }, key, renderedFilesOf(rendered));
    throw error;
  }
  return {
    position: file.position,
    key,
    originalName: originalNameOf(file.name),
    embedded,
    rendered,
    camera: cameraColumns(camera),
    copies,
  };
}

/** The text an upload sent beside its files, as columns: what it sends wins over what the file says. */
function fieldColumns(fields: UploadPhotoFields) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null)) as Partial<
    Record<keyof UploadPhotoFields, string>
  >;
}

function newRow(userId: number, target: UploadTarget, image: StoredImage, sortOrder: number, now: string, fields: UploadPhotoFields) {
  const { key, originalName, embedded, rendered, camera, copies } = image;
  return {
    userId,
    categoryId: target.categoryId,
    // The spec's title, the file's name, unless the photographer wrote one into the file.
    title: titleFromFileName(originalName ?? ''),
    description: null,
    hyperlink: null,
    sortOrder,
    fileKey: key,
    copiesKey: key,
    ...renderedColumns(rendered),
    tracks: null,
    ...camera,
    renderedRights: copies.renderedRights,
    renderedWatermark: copies.renderedWatermark,
    filesPrivate: copies.filesPrivate,
    createdAt: now,
    updatedAt: now,
    uploadSelection: target.selection?.id ?? null,
    uploadPosition: target.selection ? (image.position ?? null) : null,
    originalName,
    embeddedRead: 1,
    ...embeddedColumns(embedded),
    ...fieldColumns(fields),
  };
}

/**
 * New photos go first in their place, in the order sent. A selection's first batch makes room
 * for all of its files, and each takes its position as order, so batches that arrive in any order
 * still line up as picked. Files of the selection another request stored meanwhile (the same
 * batch sent again after a dropped connection) come back as `raced`, with that request's rows.
 */
async function insertFirst(
  ctx: PhotosContext,
  userId: number,
  target: UploadTarget,
  images: StoredImage[],
  fields: UploadPhotoFields,
): Promise<{ rows: PhotoRow[]; raced: StoredImage[] }> {
  if (images.length === 0) return { rows: [], raced: [] };
  const now = ctx.clock().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockPhotoOrder(trx, userId);
    const { selection } = target;
    if (!selection) {
      await placement.shiftOrders(trx, userId, target.categoryId, images.length);
      const rows = await repo.insertPhotos(trx, images.map((image, index) => newRow(userId, target, image, index, now, fields)));
      return { rows, raced: [] };
    }
    const existing = await placement.photosOfSelection(trx, userId, selection.id, images.map((image) => image.position!));
    const fresh = images.filter((image) => !existing.has(image.position!));
    if (fresh.length > 0 && !(await placement.selectionStarted(trx, userId, selection.id))) {
      await placement.shiftOrders(trx, userId, target.categoryId, selection.count);
    }
    const inserted = await repo.insertPhotos(trx, fresh.map((image) => newRow(userId, target, image, image.position!, now, fields)));
    return {
      rows: [...inserted, ...existing.values()],
      raced: images.filter((image) => existing.has(image.position!)),
    };
  });
}

/** Every file of a selection has a position of its own within the selection's count. */
function checkPositions(files: IncomingFile[], selection: NonNullable<UploadTarget['selection']>): void {
  const seen = new Set<number>();
  for (const file of files) {
    const { position } = file;
    if (position === undefined || !Number.isInteger(position) || position < 0 || position >= selection.count) {
      throw invalid('photos.position_required', { max: selection.count - 1 });
    }
    if (seen.has(position)) throw invalid('photos.position_repeated', { position });
    seen.add(position);
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function outcomeMessage(stored: number, rejected: RejectedFile[]): string {
  if (rejected.length === 0) return `Uploaded ${plural(stored, 'photo', 'photos')}`;
  return `Uploaded ${plural(stored, 'photo', 'photos')}; ${plural(rejected.length, 'file was', 'files were')} refused`;
}

/** A refusal's code, and its params when its text holds values. */
const codeOf = (code: ErrorCode, params: ErrorParams = {}) => (Object.keys(params).length > 0 ? { code, params } : { code });

/** Nothing stored: the refusal's code, with the first files' reasons as its values. */
function refusal(rejected: RejectedFile[]): { code: ErrorCode; params: ErrorParams } {
  const shown = rejected.slice(0, 3).map((file) => `${file.name}: ${file.reason}`);
  const reasons = shown.join('; ') + (rejected.length > 3 ? `; and ${rejected.length - 3} more` : '');
  return rejected.length === 1
    ? { code: 'photos.upload_refused_one', params: { reasons } }
    : { code: 'photos.upload_refused', params: { count: rejected.length, reasons } };
}

/**
 * Stores each good image of an upload as a new photo, first in the photo bank or the target
 * category, in the order sent; names every other file with the reason. One bad file does not
 * cost the good ones, and a file of a selection already stored is answered, not stored again.
 */
export async function addPhotos(
  ctx: PhotosContext,
  userId: number,
  files: IncomingFile[],
  target: UploadTarget = PHOTO_BANK,
  fields: UploadPhotoFields = {},
): Promise<UploadOutcome> {
  if (files.length === 0) throw invalid('photos.none_sent');
  const categoryRights = target.categoryId === null ? NO_RIGHTS : await categoryDefaultRights(ctx, userId, target.categoryId);
  if (!categoryRights) throw notFound('categories.not_found');
  const { selection } = target;
  if (selection) checkPositions(files, selection);
  const already = selection
    ? await placement.photosOfSelection(ctx.db, userId, selection.id, files.map((file) => file.position!))
    : new Map<number, PhotoRow>();
  const toStore = files.filter((file) => file.position === undefined || !already.has(file.position));
  // New photos get the rights and watermark that apply to them now, drawn at upload, straight into
  // the store their category's visibility asks for.
  const copies = await planNewCopies(ctx, userId, target.categoryId, categoryRights);
  const results = await Promise.allSettled(toStore.map((file) => storeImage(ctx.media, file, copies, fields)));

  const stored: StoredImage[] = [];
  const rejected: Array<RejectedFile & { kind: ImageRejectedError['kind']; position: number | undefined }> = [];
  let failure: Error | undefined;
  results.forEach((result, index) => {
    const file = toStore[index]!;
    const name = file.name || 'unnamed file';
    if (result.status === 'fulfilled') {
      stored.push(result.value);
    } else if (result.reason instanceof ImageRejectedError) {
      const { message: reason, code, params, kind } = result.reason;
      rejected.push({ name, reason, ...codeOf(code, params), kind, position: file.position });
    } else {
      failure ??= result.reason instanceof Error ? result.reason : new Error(String(result.reason));
    }
  });

  const discard = (images: StoredImage[]) =>
    Promise.all(images.map((image) => deletePhotoFiles(ctx, image.key, renderedFilesOf(image.rendered))));
  if (failure) {
    await discard(stored);
    throw failure;
  }

  let placed: Awaited<ReturnType<typeof insertFirst>>;
  try {
    placed = await insertFirst(ctx, userId, target, stored, fields);
  } catch (error) {
    await discard(stored);
    throw error;
  }
  // Another request stored these files first: its photos stand, these copies go.
  await discard(placed.raced);

  const rows = [...placed.rows, ...already.values()];
  const photos = rows.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((row) => toPhoto(row));
  const refusedAs = photos.length > 0 ? null : rejected.every((file) => file.kind === 'tooLarge') ? 'tooLarge' : 'unsupportedType';
  const refused = refusedAs ? refusal(rejected) : undefined;
  const outcome: UploadOutcome = {
    ...(refused ? { ...refused, message: errorText(refused.code, refused.params) } : { message: outcomeMessage(photos.length, rejected) }),
    photos,
    ids: photos.map((photo) => photo.id),
    rejected: rejected.map(({ kind: _kind, position: _position, ...file }) => file),
    refusedAs,
  };
  if (selection) {
    const photoAt = new Map(rows.map((row) => [row.uploadPosition!, row.id]));
    const refusedAt = new Map(rejected.map((file) => [file.position!, file]));
    outcome.receipts = files.map(({ position }) => {
      const refused = refusedAt.get(position!);
      return {
        position: position!,
        photoId: photoAt.get(position!) ?? null,
        reason: refused?.reason ?? null,
        ...(refused ? codeOf(refused.code!, refused.params) : {}),
      };
    });
  }
  return outcome;
}

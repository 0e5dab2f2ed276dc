import { z } from 'zod';
import { controlsMessage, ErrorCodeField, ErrorParamsField, httpUrl, withoutControls } from './common.ts';
import { AltTextField, CopyrightField, CreditField, LicenseField } from './rights.ts';

export const PHOTO_TITLE_MAX = 255;
export const PHOTO_DESCRIPTION_MAX = 5000;

/** One track of a music release; duration as mm:ss. */
export const Track = z.object({
  title: z.string().trim().min(1, 'Track title is required').max(200).refine(withoutControls(), controlsMessage('Track title')),
  duration: z.string().regex(/^\d{1,3}:[0-5]\d$/, 'Duration must look like 02:30'),
});
export type Track = z.infer<typeof Track>;

/** A stored image file at one width, for srcset. */
export const ImageVariant = z.object({ width: z.number().int(), filename: z.string() });
export type ImageVariant = z.infer<typeof ImageVariant>;

/**
 * What the camera recorded, read from the original at upload (never its location). Each field is
 * null when the file did not say. Served only while the owner shows camera details.
 */
export const CameraDetails = z.object({
  /** Make and model, e.g. "FUJIFILM X-T4". */
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  /** Millimetres. */
  focalLength: z.number().nullable(),
  /** The f-number. */
  aperture: z.number().nullable(),
  /** Seconds. */
  exposureTime: z.number().nullable(),
  iso: z.number().nullable(),
  /** The camera's local time, without a zone: "2024-05-01T18:22:10". */
  takenAt: z.string().nullable(),
});
export type CameraDetails = z.infer<typeof CameraDetails>;

export const Photo = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The display image under /uploads. */
  filename: z.string(),
  description: z.string().nullable(),
  hyperlink: z.string().nullable(),
  order: z.number().int(),
  categoryId: z.number().int().nullable(),
  createdAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** ThumbHash, base64: a blurred preview drawn before the image arrives. */
  placeholder: z.string().nullable(),
  /** The `v` query of every image URL of this photo. */
  version: z.number().int(),
  /** Square crop for grids. */
  thumbnail: z.string(),
  /** Responsive WebP widths, narrowest first. */
  variants: z.array(ImageVariant),
  tracks: z.array(Track).nullable(),
  /** Present only while the owner shows camera details, and the file had some. */
  camera: CameraDetails.optional(),
  /** The image's text alternative (at most 250 characters); null shows the title instead. */
  altText: z.string().nullable(),
  /** The photo's own licence, credit and copyright; null takes its category's default. */
  license: z.string().nullable(),
  credit: z.string().nullable(),
  copyright: z.string().nullable(),
  /**
   * Where the files are served when not under /uploads: a non-public gallery's copies,
   * from `/restricted` to the owner and from `/g/{token}/files` to a link's holder. Absent: public.
   */
  filesBase: z.string().optional(),
});
export type Photo = z.infer<typeof Photo>;

export const PhotoWithCategory = Photo.extend({
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PhotoWithCategory = z.infer<typeof PhotoWithCategory>;

const optionalText = (max: number, message: string, field: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(withoutControls({ lines: true }), controlsMessage(field, { lines: true }))
    .nullish()
    .transform((value) => (value ? value : null));

export const UpdatePhotoRequest = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(PHOTO_TITLE_MAX, 'Title must be at most 255 characters')
    .refine(withoutControls(), controlsMessage('Title')),
  description: optionalText(PHOTO_DESCRIPTION_MAX, 'Description must be at most 5000 characters', 'Description'),
  hyperlink: z
    .union([z.literal(''), httpUrl('Please enter a valid URL')])
    .nullish()
    .transform((value) => (value ? value : null)),
  tracks: z.array(Track).max(100).nullish(),
  // Absent leaves the field as it is; blank or null clears it.
  altText: AltTextField,
  license: LicenseField,
  credit: CreditField,
  copyright: CopyrightField,
});
export type UpdatePhotoRequest = z.input<typeof UpdatePhotoRequest>;

export const ReorderPhotosRequest = z.object({
  photoUpdates: z
    .array(
      z.object({
        id: z.number().int().positive(),
        order: z.number().int().min(0),
        categoryId: z.number().int().positive().nullable(),
      }),
    )
    .min(1)
    .max(10_000),
});
export type ReorderPhotosRequest = z.infer<typeof ReorderPhotosRequest>;

/** The most photos one bulk action names; the same cap as a reorder. */
export const BULK_PHOTOS_MAX = 10_000;

const photoIds = z
  .array(z.number().int().positive())
  .min(1, 'Select at least one photo')
  .max(BULK_PHOTOS_MAX, 'At most 10000 photos at once')
  .refine((ids) => new Set(ids).size === ids.length, 'Each photo may appear only once');

/** Photos named by id, for a bulk delete or an Undo. */
export const PhotoIdsRequest = z.object({ ids: photoIds });
export type PhotoIdsRequest = z.infer<typeof PhotoIdsRequest>;

/**
 * One change for many photos, in one transaction. Each field absent leaves every photo's own as it
 * is; credit, licence and alt text given blank (or null) clear it, so credit and licence fall back
 * to each photo's category default.
 *
 * The title prefix goes before each title, as typed (its leading spaces aside, so "Wedding – "
 * keeps its space). A title that starts with it already is left alone, so a prefix applied twice
 * is not doubled. A title longer than PHOTO_TITLE_MAX with it is cut at the end of the old title
 * (the prefix is kept whole, no character split in two, no trailing space), and the answer names
 * the photos so shortened.
 */
export const EditPhotosRequest = z
  .object({
    ids: photoIds,
    titlePrefix: z
      .string()
      .max(PHOTO_TITLE_MAX, 'Title prefix must be at most 255 characters')
      .refine((value) => value.trim() !== '', 'Title prefix must not be blank')
      .refine(withoutControls(), controlsMessage('Title prefix'))
      .optional(),
    credit: CreditField,
    license: LicenseField,
    altText: AltTextField,
  })
  .refine(
    (request) => [request.titlePrefix, request.credit, request.license, request.altText].some((value) => value !== undefined),
    'Choose at least one change: a title prefix, credit, licence or alt text',
  );
export type EditPhotosRequest = z.input<typeof EditPhotosRequest>;

export const EditPhotosResponse = z.object({
  message: z.string(),
  /** The photos as they are now, in the order named. */
  photos: z.array(Photo),
  /** The ids whose title was cut to PHOTO_TITLE_MAX to take the prefix. */
  shortened: z.array(z.number().int()),
});
export type EditPhotosResponse = z.infer<typeof EditPhotosResponse>;

/**
 * One photo put in a place of a category (or of the bank, null): just before or just after a photo
 * already there, or with neither at its first place (the spec's move). The server renumbers the
 * place, so the owner's admin need not hold every photo of it.
 */
export const PlacePhotoRequest = z
  .object({
    categoryId: z.number().int().positive().nullable(),
    before: z.number().int().positive().optional(),
    after: z.number().int().positive().optional(),
  })
  .refine((request) => request.before === undefined || request.after === undefined, {
    message: 'Give before or after, not both',
    path: ['after'],
  });
export type PlacePhotoRequest = z.infer<typeof PlacePhotoRequest>;

/** Moves the photos to the end of a category, or of the photo bank (null), keeping their page order. */
export const MovePhotosRequest = z.object({ ids: photoIds, categoryId: z.number().int().positive().nullable() });
export type MovePhotosRequest = z.infer<typeof MovePhotosRequest>;

/** The keys a selection can be ordered by. Date taken falls back to the upload for photos without one. */
export const PHOTO_ORDER_KEYS = ['title', 'taken', 'upload'] as const;
export type PhotoOrderKey = (typeof PHOTO_ORDER_KEYS)[number];

/**
 * Rearranges the selected photos among the places they hold in their category (or the bank):
 * selecting a whole section sorts the section; the other photos keep their places.
 */
export const OrderPhotosRequest = z.object({ ids: photoIds, by: z.enum(PHOTO_ORDER_KEYS) });
export type OrderPhotosRequest = z.infer<typeof OrderPhotosRequest>;

/**
 * How long a deleted photo or category can be brought back. The client offers Undo for less
 * (UNDO_OFFER_MS), so a click at the last moment still finds it on the server.
 */
export const UNDO_WINDOW_MS = 60_000;
export const UNDO_OFFER_MS = 8_000;

/** A delete that can be undone until `undoUntil` (ISO time). */
export const TrashedResponse = z.object({ message: z.string(), ids: z.array(z.number().int()), undoUntil: z.string() });
export type TrashedResponse = z.infer<typeof TrashedResponse>;

/** A file refused, with the reason: its code and values from the server (a file the browser refused has none). */
export const RejectedFile = z.object({
  name: z.string(),
  reason: z.string(),
  code: ErrorCodeField.optional(),
  params: ErrorParamsField.optional(),
});
export type RejectedFile = z.infer<typeof RejectedFile>;

/**
 * The server's word on one file of a selection sent in batches: stored (as photoId; also when an
 * earlier, interrupted request had already stored it) or refused with the reason.
 */
export const UploadReceipt = z.object({
  position: z.number().int(),
  photoId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** With a reason: its code of the catalog and the values it holds. */
  code: ErrorCodeField.optional(),
  params: ErrorParamsField.optional(),
});
export type UploadReceipt = z.infer<typeof UploadReceipt>;

export const UploadPhotosResponse = z.object({
  message: z.string(),
  photos: z.array(Photo),
  /** The stored photos' ids, in the order of `photos`: a script's handle on what it uploaded. */
  ids: z.array(z.number().int()),
  rejected: z.array(RejectedFile),
  /** One per file, for uploads that name their selection (see UploadPhotosQuery). */
  receipts: z.array(UploadReceipt).optional(),
});
export type UploadPhotosResponse = z.infer<typeof UploadPhotosResponse>;

export const PHOTO_ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const;

/** What the picker offers for HEIC/HEIF and camera RAW, when the server has their decoders. */
export const CAMERA_ACCEPT = {
  heic: { 'image/heic': ['.heic'], 'image/heif': ['.heif', '.hif'] },
  raw: {
    'image/x-adobe-dng': ['.dng'],
    'image/x-canon-cr2': ['.cr2'],
    'image/x-canon-cr3': ['.cr3'],
    'image/x-nikon-nef': ['.nef'],
    'image/x-sony-arw': ['.arw'],
    'image/x-fuji-raf': ['.raf'],
    'image/x-olympus-orf': ['.orf'],
  },
} as const;

/**
 * What the upload takes on this server now: HEIC and RAW need decoders from Debian's packages,
 * found when the server started. `accept` is the picker's (type to extensions); `missing` names
 * each kind of file the server cannot take and the package that would let it.
 */
export const UploadFormats = z.object({
  takes: z.array(z.string()),
  accept: z.record(z.string(), z.array(z.string())),
  missing: z.array(z.object({ label: z.string(), package: z.string() })),
});
export type UploadFormats = z.infer<typeof UploadFormats>;

/** Files sent per request of a selection sent in batches: within the server's per-request limits. */
export const UPLOAD_BATCH_MAX_FILES = 20;
export const UPLOAD_BATCH_MAX_BYTES = 64 * 1024 * 1024;
/** The multipart text field sent just before each file of a selection: its position in it. */
export const UPLOAD_POSITION_FIELD = 'position';

/**
 * Where an upload goes, and the selection it is part of. A selection is the client's random id for
 * one pick of files, with their count: each file comes with its position, so a request sent again
 * after a dropped connection stores nothing twice, and the selection keeps its order across batches.
 */
export const UploadPhotosQuery = z
  .object({
    categoryId: z.coerce.number().int().positive().optional(),
    selection: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'selection must be 8 to 64 letters, digits, - or _')
      .optional(),
    count: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((query) => (query.selection === undefined) === (query.count === undefined), {
    message: 'selection and count go together',
  });
export type UploadPhotosQuery = z.infer<typeof UploadPhotosQuery>;

/**
 * Text an upload may send beside its files (multipart text fields), for every photo it stores:
 * the photo edit's own fields and limits. Each wins over what the file says (its embedded title,
 * description and alt text, its name as title); a licence is carried by the copies from the start.
 */
export const UploadPhotoFields = z.object({
  title: UpdatePhotoRequest.shape.title.optional(),
  description: UpdatePhotoRequest.shape.description,
  altText: UpdatePhotoRequest.shape.altText,
  license: UpdatePhotoRequest.shape.license,
});
/** Absent (or null) leaves the field to what the file says. */
export type UploadPhotoFields = Partial<z.output<typeof UploadPhotoFields>>;
export const UPLOAD_TEXT_FIELDS = Object.keys(UploadPhotoFields.shape) as Array<keyof UploadPhotoFields>;

/** The multipart field of the upload's files, and of a replacing file (one). */
export const UPLOAD_FILES_FIELD = 'photos';
export const REPLACE_FILE_FIELD = 'photo';

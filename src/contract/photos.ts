import { z } from 'zod';
import { httpUrl } from './common.ts';

export const PHOTO_TITLE_MAX = 255;
export const PHOTO_DESCRIPTION_MAX = 5000;

/** One track of a music release; duration as mm:ss. */
export const Track = z.object({
  title: z.string().trim().min(1, 'Track title is required').max(200),
  duration: z.string().regex(/^\d{1,3}:[0-5]\d$/, 'Duration must look like 02:30'),
});
export type Track = z.infer<typeof Track>;

/** A stored image file at one width, for srcset. */
export const ImageVariant = z.object({ width: z.number().int(), filename: z.string() });
export type ImageVariant = z.infer<typeof ImageVariant>;

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
});
export type Photo = z.infer<typeof Photo>;

export const PhotoWithCategory = Photo.extend({
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PhotoWithCategory = z.infer<typeof PhotoWithCategory>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const UpdatePhotoRequest = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(PHOTO_TITLE_MAX, 'Title must be at most 255 characters'),
  description: optionalText(PHOTO_DESCRIPTION_MAX, 'Description must be at most 5000 characters'),
  hyperlink: z
    .union([z.literal(''), httpUrl('Please enter a valid URL')])
    .nullish()
    .transform((value) => (value ? value : null)),
  tracks: z.array(Track).max(100).nullish(),
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

export const RejectedFile = z.object({ name: z.string(), reason: z.string() });
export type RejectedFile = z.infer<typeof RejectedFile>;

export const UploadPhotosResponse = z.object({
  message: z.string(),
  photos: z.array(Photo),
  rejected: z.array(RejectedFile),
});
export type UploadPhotosResponse = z.infer<typeof UploadPhotosResponse>;

export const PHOTO_ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const;

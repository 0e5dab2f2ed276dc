import { z } from 'zod';
import { UpdatePhotoRequest } from './photos.ts';

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


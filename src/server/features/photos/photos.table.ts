import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PhotoTable {
  id: Generated<number>;
  userId: number;
  categoryId: number | null;
  title: string;
  description: string | null;
  hyperlink: string | null;
  sortOrder: Generated<number>;
  fileKey: string;
  filename: string;
  thumbnail: string;
  /** JSON: [{width, filename}] */
  variants: string;
  width: number;
  height: number;
  placeholder: string | null;
  version: Generated<number>;
  /** JSON: [{title, duration}] or null */
  tracks: string | null;
  /** JSON CameraDetails read from the original; null until read (at upload, or by the backfill). */
  cameraDetails: string | null;
  /** From the camera details, for the owner's search: make and model, and the camera's local time (migration 0021). */
  camera: Generated<string | null>;
  takenAt: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
  /** Set while it waits in the trash for the Undo window; null for a live photo. */
  deletedAt: Generated<string | null>;
  /** The client's id of the selection this photo was uploaded in, and its place there (0005). */
  uploadSelection: string | null;
  uploadPosition: number | null;
  /** The image's text alternative, and the photo's own rights (null: the category's default) (migration 0009). */
  altText: Generated<string | null>;
  license: Generated<string | null>;
  credit: Generated<string | null>;
  copyright: Generated<string | null>;
  /** JSON of the rights the public copies carry in XMP; null when they carry none. */
  renderedRights: Generated<string | null>;
  /** The canonical JSON of the watermark the copies carry (watermarkKey); null for none (migration 0014). */
  renderedWatermark: Generated<string | null>;
  /** 1 while the copies are in the restricted store (out of public view), else 0. */
  filesPrivate: Generated<number>;
  /** The key the current copies' names start with (`fileKey` until they are rendered again or renamed). */
  copiesKey: string;
  /** 1 keeps a photo without a category out of public view: it came from a gallery that was not public. */
  bankPrivate: Generated<number>;
  /** The name the file was uploaded under, never shown to visitors; null when not known (migration 0018). */
  originalName: Generated<string | null>;
  /** 1 once the original's IPTC and XMP text was read (at upload, or by the backfill job). */
  embeddedRead: Generated<number>;
  /** A video's length in seconds and its size as it plays; null for a photo (migration 0023). */
  videoDuration: Generated<number | null>;
  videoWidth: Generated<number | null>;
  videoHeight: Generated<number | null>;
  /** JSON [{width, height, filename}] of the transcoded MP4s, largest first; null until transcoded. */
  videoFiles: Generated<string | null>;
  /** The transcode's percentage while it waits or runs; null when done (or a photo). */
  videoProgress: Generated<number | null>;
}
export type PhotoRow = Selectable<PhotoTable>;
export type NewPhotoRow = Insertable<PhotoTable>;
export type PhotoUpdate = Updateable<PhotoTable>;

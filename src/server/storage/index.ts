import type { Config } from '#server/config.ts';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { ORIGINALS_PREFIX, RESTRICTED_PREFIX } from './originals-privacy.ts';
import { createS3Client, S3FileStore } from './s3-file-store.ts';

export type { FileStore } from './file-store.ts';
export { checkOriginalsPrivate, OriginalsExposedError, RESTRICTED_PREFIX } from './originals-privacy.ts';

export interface FileStores {
  /** Served under /uploads. */
  uploads: FileStore;
  /** Uploads exactly as they came; never served. */
  originals: FileStore;
  /** The copies of non-public galleries' photos: served only to those with access, never under /uploads. */
  restricted: FileStore;
}

/**
 * Where the site's files live: folders under DATA_DIR, or with S3_BUCKET set one bucket whose
 * key prefixes `uploads/`, `originals/` and `restricted/` play the folders. Every instance must see the same.
 */
export function createFileStores(config: Config): FileStores {
  if (config.s3) {
    const client = createS3Client(config.s3);
    return {
      uploads: new S3FileStore(client, config.s3.bucket, 'uploads/'),
      originals: new S3FileStore(client, config.s3.bucket, ORIGINALS_PREFIX),
      restricted: new S3FileStore(client, config.s3.bucket, RESTRICTED_PREFIX),
    };
  }
  return {
    uploads: new LocalFileStore(config.uploadsDir),
    originals: new LocalFileStore(config.originalsDir),
    restricted: new LocalFileStore(config.restrictedDir),
  };
}

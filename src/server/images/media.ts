import type { Config } from '#server/config.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { HotFileStore } from '#server/storage/hot-file-store.ts';
import { createFileStores } from '#server/storage/index.ts';
import { ImageProcessor } from './image-pipeline.ts';
import { SystemTools } from './system-tools.ts';

/** What the photo, banner and uploads features share: where files go and who processes them. */
export interface Media {
  /** Served under /uploads; the small files most asked for are kept in memory. */
  uploads: HotFileStore;
  /** Uploads exactly as they came; never served. */
  originals: FileStore;
  /** Non-public galleries' copies; never under /uploads, and never kept in memory. */
  restricted: FileStore;
  /** One per process: its slots bound the memory all image work takes together. */
  images: ImageProcessor;
  upload: Config['upload'];
}

export function createMedia(config: Config): Media {
  const stores = createFileStores(config);
  return {
    uploads: new HotFileStore(stores.uploads),
    originals: stores.originals,
    restricted: stores.restricted,
    images: new ImageProcessor({ maxPixels: config.upload.maxPixels, maxVideoSeconds: config.upload.maxVideoSeconds }, config.imageConcurrency, SystemTools.find(config.toolsPath)),
    upload: config.upload,
  };
}

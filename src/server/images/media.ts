import type { Config } from '#server/config.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { createFileStores } from '#server/storage/index.ts';
import { ImageProcessor } from './image-pipeline.ts';

/** What the photo, banner and uploads features share: where files go and who processes them. */
export interface Media {
  /** Served under /uploads. */
  uploads: FileStore;
  /** Uploads exactly as they came; never served. */
  originals: FileStore;
  /** One per process: its slots bound the memory all image work takes together. */
  images: ImageProcessor;
  upload: Config['upload'];
}

export function createMedia(config: Config): Media {
  return {
    ...createFileStores(config),
    images: new ImageProcessor({ maxPixels: config.upload.maxPixels }, config.imageConcurrency),
    upload: config.upload,
  };
}

import { createServer } from 'vite';
import type * as uploadBatch from '#client/features/photos/lib/upload-batch.ts';
import type * as uploadQueue from '#client/features/photos/lib/upload-queue.ts';

type UploadBatch = typeof uploadBatch;
type UploadQueueModule = typeof uploadQueue;

/**
 * The admin's batching upload client, the page's own code, loaded through the project's Vite
 * plugins as the browser gets it: its error texts come from Lingui's macros and compiled `.po`
 * catalogs, which Node alone cannot read.
 */
export async function loadUploadClient(): Promise<Pick<UploadBatch, 'sendBatchWithFetch'> & Pick<UploadQueueModule, 'UploadQueue'>> {
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
  try {
    const batch = (await vite.ssrLoadModule('/src/client/features/photos/lib/upload-batch.ts')) as UploadBatch;
    const queue = (await vite.ssrLoadModule('/src/client/features/photos/lib/upload-queue.ts')) as UploadQueueModule;
    return { sendBatchWithFetch: batch.sendBatchWithFetch, UploadQueue: queue.UploadQueue };
  } finally {
    await vite.close();
  }
}

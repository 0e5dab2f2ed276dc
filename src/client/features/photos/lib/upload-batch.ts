import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { UPLOAD_POSITION_FIELD, UploadPhotosResponse, UploadReceipt } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage, reasonText } from '#client/lib/error-text.ts';
import type { BatchAnswer, BatchRequest, UploadableFile } from './upload-queue.ts';

/**
 * One batch of a selection on the wire: its URL, its multipart body and how its answer reads.
 * No browser API beyond FormData, so `npm run bench` sends batches from Node with these too.
 */

const RefusedBatchBody = z.object({ message: z.string(), receipts: z.array(UploadReceipt) });

/** Each refused file's reason in the client's words for its code. */
const worded = (receipts: UploadReceipt[]): UploadReceipt[] =>
  receipts.map((receipt) => (receipt.reason === null ? receipt : { ...receipt, reason: reasonText({ ...receipt, reason: receipt.reason }) }));

/** Answers worth sending the same batch again for: the connection, a gateway or a busy server. */
const PASSING_STATUSES = new Set([0, 408, 429, 502, 503, 504]);

/** The query of one batch of a selection: where it goes, and which selection it is part of. */
export function batchUrl({ selection, count, categoryId }: Pick<BatchRequest, 'selection' | 'count' | 'categoryId'>): string {
  const query = new URLSearchParams({ selection, count: String(count) });
  if (categoryId !== null) query.set('categoryId', String(categoryId));
  return `${api.photosUpload}?${query.toString()}`;
}

/** One batch's body: each file after its position field, as the server pairs them. */
export function batchBody(files: BatchRequest<UploadableFile & Blob>['files']): FormData {
  const body = new FormData();
  for (const { position, file } of files) {
    body.append(UPLOAD_POSITION_FIELD, String(position));
    body.append('photos', file, file.name);
  }
  return body;
}

/** The server's answer to a batch, read the same from the browser and from Node (bench/). */
export function readBatchAnswer(status: number, statusText: string, bodyText: string): BatchAnswer {
  try {
    if (status === 201) {
      const body = UploadPhotosResponse.parse(JSON.parse(bodyText));
      if (body.receipts) return { kind: 'answered', receipts: worded(body.receipts), photos: body.photos, message: body.message };
    } else if (status === 413 || status === 415) {
      const body = RefusedBatchBody.safeParse(JSON.parse(bodyText));
      if (body.success) {
        const message = errorMessage(new ApiError(status, statusText, bodyText), body.data.message);
        return { kind: 'answered', receipts: worded(body.data.receipts), photos: [], message };
      }
    }
  } catch {
    // Not the API's JSON: a proxy's page, a cut-off body. Said below.
  }
  if (status === 401) {
    return { kind: 'failed', message: t`Authentication Required: Please refresh the page and log in again`, retry: false, signedOut: true };
  }
  if (PASSING_STATUSES.has(status)) {
    return { kind: 'failed', message: status === 0 ? t`The connection to the server was lost` : t`The server was busy (${status})`, retry: true };
  }
  return { kind: 'failed', message: errorMessage(new ApiError(status, statusText, bodyText), t`Failed to upload photos`), retry: false };
}


/**
 * Sends batches with fetch, which has no upload progress: each file's bytes count as sent when the
 * answer comes. For Node (`npm run bench`); the admin page sends with XMLHttpRequest instead.
 */
export function sendBatchWithFetch(origin: string, headers: Record<string, string> = {}) {
  return async (request: BatchRequest<UploadableFile & Blob>): Promise<BatchAnswer> => {
    let response: Response;
    try {
      response = await fetch(`${origin}${batchUrl(request)}`, {
        method: 'POST',
        headers: { accept: 'application/json', ...headers },
        body: batchBody(request.files),
        signal: request.signal,
      });
    } catch {
      return readBatchAnswer(0, '', '');
    }
    const text = await response.text();
    request.onProgress(request.files.reduce((sum, { file }) => sum + file.size, 0));
    return readBatchAnswer(response.status, response.statusText, text);
  };
}

import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RejectedFile, UploadPhotosResponse } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { batchBody, batchUrl, readBatchAnswer } from '#client/features/photos/lib/upload-batch.ts';
import type { SendBatch } from '#client/features/photos/lib/upload-queue.ts';
import { getPhotosQueryOptions } from './get-photos.ts';

/** Where an upload stands: bytes on their way (with the share sent), or the server at work. */
export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'processing'; percent: 100 };

const RefusedUploadBody = z.object({ rejected: z.array(RejectedFile) });

/** An upload of which nothing was stored; `rejected` names each file the server refused, and why. */
export class UploadRefusedError extends ApiError {
  readonly rejected: RejectedFile[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(status, statusText, bodyText);
    this.rejected = parseRejected(bodyText);
  }
}

function parseRejected(bodyText: string): RejectedFile[] {
  try {
    const parsed = RefusedUploadBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.rejected : [];
  } catch {
    return [];
  }
}

/**
 * Sends the files as the repeated multipart field `photos`. XMLHttpRequest rather than fetch:
 * only it reports the bytes sent of a request body (real progress, then processing).
 */
export function uploadPhotos(files: File[], onProgress?: (progress: UploadProgress) => void): Promise<UploadPhotosResponse> {
  const body = new FormData();
  for (const file of files) body.append('photos', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.photosUpload);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      onProgress?.({ phase: 'uploading', percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
    };
    // Every byte is out: what remains is the server's resizing.
    xhr.upload.onload = () => onProgress?.({ phase: 'processing', percent: 100 });
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadRefusedError(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(UploadPhotosResponse.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The server sent an unreadable answer'));
      }
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(body);
  });
}

/**
 * Sends one batch of a selection. XMLHttpRequest rather than fetch: only it reports the bytes sent
 * of a request body, which become each file's progress.
 */
export const sendPhotoBatch: SendBatch<File> = (request) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', batchUrl(request));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const fileBytes = request.files.reduce((sum, { file }) => sum + file.size, 0);
    xhr.upload.onprogress = (event) => {
      // The multipart framing adds a little to the body: scale what was sent to the files' bytes.
      if (event.lengthComputable && event.total > 0) request.onProgress((event.loaded / event.total) * fileBytes);
    };
    xhr.upload.onload = () => request.onProgress(fileBytes);
    xhr.onload = () => resolve(readBatchAnswer(xhr.status, xhr.statusText, xhr.responseText));
    xhr.onerror = () => resolve(readBatchAnswer(0, '', ''));
    xhr.onabort = () => resolve({ kind: 'failed', message: t`The upload was cancelled`, retry: false });
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(batchBody(request.files));
  });

export type SessionCheck = 'signed-in' | 'signed-out' | 'unreachable';

/**
 * Before an upload, ask whether the session still holds, bypassing every cache and
 * reading only the status, so a long form session does not end in a lost upload.
 */
export async function checkSession(): Promise<SessionCheck> {
  try {
    const response = await fetch(api.currentUser, {
      cache: 'no-cache',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    return response.ok ? 'signed-in' : 'signed-out';
  } catch {
    return 'unreachable';
  }
}

export interface UploadPhotosVariables {
  files: File[];
  onProgress: (progress: UploadProgress) => void;
}

export function useUploadPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: UploadPhotosVariables) => uploadPhotos(files, onProgress),
    onSuccess: async (result) => {
      toast({ title: t`Upload successful`, description: result.message });
      // Stay pending until the photo bank shows the new photos.
      await queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: t`Upload failed`,
        description: errorMessage(error, t`Failed to upload photos`),
        variant: 'destructive',
      });
    },
  });
}

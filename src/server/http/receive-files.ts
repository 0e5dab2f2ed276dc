import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '#server/http/http-error.ts';

/** One uploaded file, on disk in the temp folder for as long as the request is handled. */
export interface ReceivedFile {
  /** The name the client gave: for titles and messages only, never a path. */
  name: string;
  path: string;
  size: number;
  /** Cut off at the size limit; what is on disk is only the beginning. */
  tooLarge: boolean;
}

export interface ReceiveOptions {
  /** The form field the files come in; files in other fields are skipped. */
  field: string;
  maxFileBytes: number;
  maxFiles: number;
  tmpDir: string;
}

function limitError(error: unknown, maxFiles: number): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, maxFiles === 1 ? 'Send one file only' : `Too many files: at most ${maxFiles} at once`);
  }
  return undefined;
}

/**
 * Streams each file of a multipart request to a temp file of its own (never whole into memory),
 * hands them to `use`, and deletes them afterwards whatever happened.
 */
export async function withReceivedFiles<T>(
  request: FastifyRequest,
  options: ReceiveOptions,
  use: (files: ReceivedFile[]) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data');
  await fsp.mkdir(options.tmpDir, { recursive: true });
  const files: ReceivedFile[] = [];
  try {
    const parts = request.files({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        fields: 20,
        fieldSize: 1024,
        parts: options.maxFiles + 20,
      },
      // Too large is decided per file, so the other files of the upload can still be stored.
      throwFileSizeLimit: false,
    });
    for await (const part of parts) {
      if (part.fieldname !== options.field) {
        part.file.resume();
        continue;
      }
      const received: ReceivedFile = {
        name: part.filename,
        path: path.join(options.tmpDir, `upload-${randomBytes(12).toString('hex')}`),
        size: 0,
        tooLarge: false,
      };
      files.push(received);
      const out = fs.createWriteStream(received.path, { flags: 'wx' });
      await pipeline(part.file, out);
      received.size = out.bytesWritten;
      received.tooLarge = part.file.truncated;
    }
    return await use(files);
  } catch (error) {
    throw limitError(error, options.maxFiles) ?? error;
  } finally {
    await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })));
  }
}

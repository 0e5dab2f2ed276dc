import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { httpError, type HttpError } from '#server/http/http-error.ts';

/** The name every received file, and each scratch file rendered beside it, starts with. */
const RECEIVED_PREFIX = 'upload-';
/** Older than any upload in flight: an upload gives up long before an hour. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** One uploaded file, on disk in the temp folder for as long as the request is handled. */
export interface ReceivedFile {
  /** The name the client gave: for titles and messages only, never a path. */
  name: string;
  path: string;
  size: number;
  /** Cut off at the size limit; what is on disk is only the beginning. */
  tooLarge: boolean;
  /** The value of the options' keyField sent just before this file, if any. */
  key?: string;
}

export interface ReceiveOptions {
  /** The form field the files come in; files in other fields are skipped. */
  field: string;
  maxFileBytes: number;
  maxFiles: number;
  tmpDir: string;
  /** A text field that, sent just before a file, gives that file its `key`. */
  keyField?: string;
  /** Text fields the request may send beside its files, handed to `use` by name (the last one sent wins). */
  textFields?: readonly string[];
}

/** Room for the longest text field the contract takes (5,000 characters, up to 4 bytes each). */
const TEXT_FIELD_BYTES = 32 * 1024;

function limitError(error: unknown, maxFiles: number): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return maxFiles === 1 ? httpError(413, 'upload.one_file_only') : httpError(413, 'upload.too_many_files', { max: maxFiles });
  }
  return undefined;
}

/**
 * A body the parser could not read (cut short, no boundary, another boundary than announced) is
 * the client's fault: 400, not the server's 500. A failure of our own disk (ENOSPC, EACCES…,
 * errors with a system code) stays the server's.
 */
function malformedError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return undefined;
  return httpError(400, 'upload.malformed');
}

/**
 * Streams each file of a multipart request to a temp file of its own (never whole into memory),
 * hands them to `use`, and deletes them afterwards whatever happened.
 */
export async function withReceivedFiles<T>(
  request: FastifyRequest,
  options: ReceiveOptions,
  use: (files: ReceivedFile[], fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw httpError(415, 'upload.not_multipart');
  await fsp.mkdir(options.tmpDir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let receiving = true;
  try {
    // A key field may come with every file.
    const keyFields = options.keyField ? options.maxFiles : 0;
    // parts() takes files()'s options at run time (files() is parts() filtered); only its type omits them.
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        fields: 20 + keyFields,
        fieldSize: options.textFields?.length ? TEXT_FIELD_BYTES : 1024,
        parts: options.maxFiles + keyFields + 20,
      },
      // Too large is decided per file, so the other files of the upload can still be stored.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    let key: string | undefined;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (options.keyField && part.fieldname === options.keyField) key = String(part.value);
        else if (options.textFields?.includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== options.field) {
        part.file.resume();
        continue;
      }
      const received: ReceivedFile = {
        name: part.filename,
        path: path.join(options.tmpDir, `${RECEIVED_PREFIX}${randomBytes(12).toString('hex')}`),
        size: 0,
        tooLarge: false,
        ...(key === undefined ? {} : { key }),
      };
      key = undefined;
      files.push(received);
      const out = fs.createWriteStream(received.path, { flags: 'wx' });
      await pipeline(part.file, out);
      received.size = out.bytesWritten;
      received.tooLarge = part.file.truncated;
    }
    receiving = false;
    return await use(files, fields);
  } catch (error) {
    throw limitError(error, options.maxFiles) ?? (receiving ? malformedError(error) : undefined) ?? error;
  } finally {
    await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })));
  }
}

/**
 * Removes what a process that ended mid-upload left in `tmpDir` (received files and the image
 * pipeline's scratch files and decoder folders beside them): every `upload-` file older than `STALE_UPLOAD_MS`, so
 * another instance's upload in flight is left alone. Returns how many went.
 */
export async function removeStaleUploads(tmpDir: string, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((candidate) => candidate.startsWith(RECEIVED_PREFIX))) {
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    // A HEIC or RAW decoder's folder beside its source (images/camera-decoders.ts) goes whole.
    const decoderFolder = stat?.isDirectory() === true && name.includes('.decode-');
    if (!stat || !(stat.isFile() || decoderFolder) || now.getTime() - stat.mtimeMs < STALE_UPLOAD_MS) continue;
    await fsp.rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

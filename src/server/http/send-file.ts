import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, OpenedFile, StoredFileInfo } from '#server/storage/file-store.ts';
import { etagMatches, parseRange } from './conditional-get.ts';
import { HttpError } from './http-error.ts';

/** Even opened directly, a served file cannot run script or load anything. */
const FILE_CSP = "sandbox; default-src 'none'";

/**
 * A file's validators, worked out once per description of it: a file kept in memory is described
 * by the same object on every request, and looking its validators up costs less than formatting
 * its date again.
 */
const validators = new WeakMap<FileToSend['info'], { etag: string; lastModified: string }>();

function validatorsOf(info: FileToSend['info']): { etag: string; lastModified: string } {
  let known = validators.get(info);
  if (!known) {
    known = { etag: `"${info.size.toString(36)}-${info.mtime.getTime().toString(36)}"`, lastModified: info.mtime.toUTCString() };
    validators.set(info, known);
  }
  return known;
}

/** A stored file about to be sent: its size and time, and its bytes whole or opened on demand. */
export interface FileToSend {
  info: Pick<StoredFileInfo, 'size' | 'mtime'> & { body?: Buffer };
  open: (range?: ByteRange) => Promise<OpenedFile | null>;
}

/**
 * Sends a stored file with its ETag, Last-Modified, byte ranges and conditional GET. The caller
 * has decided who may have it; `cacheControl` says who may keep it. Answers false, having sent
 * nothing, when the file went between its stat and its opening. (A boolean, not the reply: a
 * Fastify reply is thenable, and awaiting one waits for the response to end and gives nothing.)
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileToSend,
  headers: { cacheControl: string; contentType: string },
): Promise<boolean> {
  const { info } = file;
  const { etag, lastModified } = validatorsOf(info);
  reply.headers({
    etag,
    'cache-control': headers.cacheControl,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
  });
  if (etagMatches(request.headers['if-none-match'], etag)) {
    void reply.code(304).send();
    return true;
  }

  const ifRange = request.headers['if-range'];
  const range = parseRange(request.headers.range, info.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'files.range_not_satisfiable', {}, { 'content-range': `bytes */${info.size}` });
  }
  reply.type(headers.contentType);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', info.size);
  }
  if (request.method === 'HEAD') {
    void reply.send();
  } else if (info.body) {
    void reply.send(range ? info.body.subarray(range.start, range.end + 1) : info.body);
  } else {
    const opened = await file.open(range ?? undefined);
    if (!opened) return false;
    void reply.send(opened.stream);
  }
  return true;
}

import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  name: string;
  size: number;
  mtime: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
  mtime: Date;
}

/** Where a file comes from: a file on local disk (copied, left in place) or a stream. */
export type FileSource = { path: string } | Readable;

/** Flat names only: the check that keeps every name inside its folder or key prefix. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

export function assertSafeFileName(name: string): void {
  if (!isSafeFileName(name)) throw new Error(`Unsafe file name: ${JSON.stringify(name)}`);
}

/**
 * A flat folder of named files, kept narrow on purpose: a local folder (LocalFileStore) or a key
 * prefix in an S3 bucket (S3FileStore). Names are flat: no slashes, no leading dot.
 */
export interface FileStore {
  /** Writes the whole file under `name`; readers never see it half written. */
  put(name: string, source: FileSource): Promise<void>;
  stat(name: string): Promise<StoredFileInfo | null>;
  /**
   * `stat` answered at once, by a store where it is one system call (a local folder): from the
   * kernel's cache that takes a microsecond or two, where a trip to libuv's thread pool and back
   * costs tens, and wakes a thread on a busy machine. Absent where a stat is a request (S3).
   */
  statNow?(name: string): StoredFileInfo | null;
  /** The file's bytes (or the range of them); null when there is no such file. */
  open(name: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Removing a missing file is not an error. */
  delete(name: string): Promise<void>;
  list(prefix?: string): AsyncIterable<StoredFileInfo>;
  /** Deletes writes that never finished (a crash during put) begun before `before`; returns how many. */
  removeIncomplete(before: Date): Promise<number>;
  /** Resolves when the store can be read and written now; throws why not (for /readyz). */
  checkReachable(): Promise<void>;
}

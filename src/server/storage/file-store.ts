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

/**
 * A flat folder of named files. Kept narrow on purpose: the local folder implements it today,
 * an S3 bucket (prefix = folder) later. Names are flat: no slashes, no leading dot.
 */
export interface FileStore {
  /** Writes the whole file under `name`; readers never see it half written. */
  put(name: string, source: FileSource): Promise<void>;
  stat(name: string): Promise<StoredFileInfo | null>;
  /** The file's bytes (or the range of them); null when there is no such file. */
  open(name: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Removing a missing file is not an error. */
  delete(name: string): Promise<void>;
  list(prefix?: string): AsyncIterable<StoredFileInfo>;
  /** Deletes writes that never finished (a crash during put) begun before `before`; returns how many. */
  removeIncomplete(before: Date): Promise<number>;
}

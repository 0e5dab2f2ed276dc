import type { ByteRange, FileSource, FileStore, OpenedFile, StoredFileInfo } from './file-store.ts';

/** A small file's bytes, read whole. */
export interface HotFile {
  body: Buffer;
  size: number;
  mtime: Date;
}

export interface HotFileLimits {
  /** Files larger than this are never kept (display images and widths stream from the store). */
  maxFileBytes: number;
  /** All kept files together. */
  maxTotalBytes: number;
}

/** Thumbnails are 5 to 40 KB; 32 MB keeps a thousand of them, the first screens of any site. */
export const HOT_FILE_LIMITS: HotFileLimits = { maxFileBytes: 128 * 1024, maxTotalBytes: 32 * 1024 * 1024 };

/**
 * A store that keeps its most asked-for small files in memory, so a thumbnail costs one stat per
 * request instead of an open, reads, a stream and a close. The stat stays: a file deleted or
 * rewritten in place by another process (`npm run cli -- upgrade`, another instance, the trash
 * purge) must answer as it is now on the very next request, and a kept copy is used only while
 * the store's size and time still match it. Least recently used files go first.
 */
export class HotFileStore implements FileStore {
  private readonly kept = new Map<string, HotFile>();
  private keptBytes = 0;
  /** Counts this process's writes and deletes, so a read they overtook keeps nothing. */
  private writes = 0;

  constructor(
    private readonly store: FileStore,
    private readonly limits: HotFileLimits = HOT_FILE_LIMITS,
  ) {}

  /** The file whole when it is small enough to keep; else what the store says of it; null when missing. */
  async readSmall(name: string): Promise<HotFile | StoredFileInfo | null> {
    const writes = this.writes;
    // The one stat of every request: at once where the store can (a local folder).
    const info = this.store.statNow ? this.store.statNow(name) : await this.store.stat(name);
    if (!info) {
      this.forget(name);
      return null;
    }
    if (info.size > this.limits.maxFileBytes) return info;
    const entry = this.kept.get(name);
    if (entry && entry.size === info.size && entry.mtime.getTime() === info.mtime.getTime()) {
      // Most recently used goes last in the map's order.
      this.kept.delete(name);
      this.kept.set(name, entry);
      return entry;
    }
    const opened = await this.store.open(name);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    const file = { body: Buffer.concat(chunks), size: opened.size, mtime: opened.mtime };
    if (file.body.length !== file.size) return info;
    // Written or deleted while it was read: serve what was read, keep nothing.
    if (writes === this.writes) this.keep(name, file);
    return file;
  }

  private keep(name: string, entry: HotFile): void {
    this.forget(name);
    this.kept.set(name, entry);
    this.keptBytes += entry.size;
    for (const [oldest, old] of this.kept) {
      if (this.keptBytes <= this.limits.maxTotalBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= old.size;
    }
  }

  private forget(name: string): void {
    const entry = this.kept.get(name);
    if (!entry) return;
    this.kept.delete(name);
    this.keptBytes -= entry.size;
  }

  async put(name: string, source: FileSource): Promise<void> {
    this.writes += 1;
    this.forget(name);
    await this.store.put(name, source);
    this.writes += 1;
    this.forget(name);
  }

  async delete(name: string): Promise<void> {
    this.writes += 1;
    this.forget(name);
    await this.store.delete(name);
    this.writes += 1;
    this.forget(name);
  }

  stat(name: string): Promise<StoredFileInfo | null> {
    return this.store.stat(name);
  }

  open(name: string, range?: ByteRange): Promise<OpenedFile | null> {
    return this.store.open(name, range);
  }

  list(prefix?: string): AsyncIterable<StoredFileInfo> {
    return this.store.list(prefix);
  }

  removeIncomplete(before: Date): Promise<number> {
    return this.store.removeIncomplete(before);
  }

  checkReachable(): Promise<void> {
    return this.store.checkReachable();
  }
}

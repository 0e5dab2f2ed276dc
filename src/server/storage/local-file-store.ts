import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeFileName,
  isSafeFileName,
  type ByteRange,
  type FileSource,
  type FileStore,
  type OpenedFile,
  type StoredFileInfo,
} from './file-store.ts';

/** A write in progress; only a crash leaves one behind, for removeIncomplete to find. */
const PARTIAL_PREFIX = '.partial-';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** A FileStore over one local folder. */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(name: string): string {
    assertSafeFileName(name);
    return path.join(this.root, name);
  }

  async put(name: string, source: FileSource): Promise<void> {
    const target = this.pathOf(name);
    await fsp.mkdir(this.root, { recursive: true });
    // Written beside the target, then renamed: a reader sees the old file or the whole new one.
    const partial = path.join(this.root, `${PARTIAL_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      if (source instanceof Readable) {
        await pipeline(source, fs.createWriteStream(partial));
      } else {
        await fsp.copyFile(source.path, partial, fs.constants.COPYFILE_FICLONE);
      }
      await fsp.rename(partial, target);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async stat(name: string): Promise<StoredFileInfo | null> {
    try {
      const stats = await fsp.stat(this.pathOf(name));
      return stats.isFile() ? { name, size: stats.size, mtime: stats.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** As nginx does in its event loop: no thread pool for one stat. Missing: null, without an exception. */
  statNow(name: string): StoredFileInfo | null {
    const stats = fs.statSync(this.pathOf(name), { throwIfNoEntry: false });
    return stats?.isFile() ? { name, size: stats.size, mtime: stats.mtime } : null;
  }

  async open(name: string, range?: ByteRange): Promise<OpenedFile | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(name), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size: stats.size, mtime: stats.mtime };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await fsp.rm(this.pathOf(name), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    let names: string[];
    try {
      names = await fsp.readdir(this.root);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const name of names) {
      if (!name.startsWith(prefix) || !isSafeFileName(name)) continue;
      const info = await this.stat(name);
      if (info) yield info;
    }
  }

  async removeIncomplete(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await fsp.readdir(this.root);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.startsWith(PARTIAL_PREFIX)) continue;
      const file = path.join(this.root, name);
      const stats = await fsp.stat(file).catch(() => null);
      if (!stats || stats.mtime >= before) continue;
      await fsp.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async checkReachable(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}

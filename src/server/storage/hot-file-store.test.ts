import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStore } from './file-store.suite.ts';
import { HotFileStore, type HotFile } from './hot-file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import type { FileStore, OpenedFile, StoredFileInfo } from './file-store.ts';

function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

// Whatever a store does, the store in front of it does too.
describeFileStore('HotFileStore', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-hot-'));
  return {
    store: new HotFileStore(new LocalFileStore(path.join(root, 'files'))),
    neighbour: new HotFileStore(new LocalFileStore(path.join(root, 'neighbour'))),
    rawNames: async () => filesIn(path.join(root, 'files')),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

const bodyOf = (read: HotFile | StoredFileInfo | null) => (read && 'body' in read ? read.body.toString() : read);

describe('HotFileStore keeping small files in memory', () => {
  let root: string;
  let folder: string;
  let store: HotFileStore;
  const limits = { maxFileBytes: 16, maxTotalBytes: 40 };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-hot-'));
    folder = path.join(root, 'files');
    store = new HotFileStore(new LocalFileStore(folder), limits);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Changes a file behind the store's back, as another process sharing the folder would. */
  function rewriteOnDisk(name: string, text: string, mtime = new Date(Date.now() + 60_000)) {
    fs.writeFileSync(path.join(folder, name), text);
    fs.utimesSync(path.join(folder, name), mtime, mtime);
  }

  it('serves a kept file from memory while the store still has it unchanged, and sees any change at once', async () => {
    const mtime = new Date('2026-01-01T00:00:00Z');
    await store.put('thumb.webp', Readable.from(['first']));
    fs.utimesSync(path.join(folder, 'thumb.webp'), mtime, mtime);
    expect(bodyOf(await store.readSmall('thumb.webp'))).toBe('first');
    // Same size and time: the kept copy answers (it could not tell otherwise).
    rewriteOnDisk('thumb.webp', 'fir5t', mtime);
    expect(bodyOf(await store.readSmall('thumb.webp'))).toBe('first');
    // Rewritten in place by another process, or deleted by one: the next read says so.
    rewriteOnDisk('thumb.webp', 'second!');
    expect(bodyOf(await store.readSmall('thumb.webp'))).toBe('second!');
    fs.rmSync(path.join(folder, 'thumb.webp'));
    expect(await store.readSmall('thumb.webp')).toBeNull();
  });

  it('forgets at once what this process deletes or writes again', async () => {
    await store.put('a.webp', Readable.from(['one']));
    expect(bodyOf(await store.readSmall('a.webp'))).toBe('one');
    await store.put('a.webp', Readable.from(['two']));
    expect(bodyOf(await store.readSmall('a.webp'))).toBe('two');
    await store.delete('a.webp');
    expect(await store.readSmall('a.webp')).toBeNull();
  });

  it('hands a large file back as its size for streaming, and keeps no more than its total', async () => {
    await store.put('large.jpg', Readable.from(['x'.repeat(17)]));
    expect(await store.readSmall('large.jpg')).toMatchObject({ name: 'large.jpg', size: 17 });
    expect(await store.readSmall('large.jpg')).not.toHaveProperty('body');

    for (const name of ['1.webp', '2.webp', '3.webp']) await store.put(name, Readable.from(['y'.repeat(16)]));
    for (const name of ['1.webp', '2.webp', '3.webp']) await store.readSmall(name);
    // 48 bytes asked for, 40 kept: the least recently read (1) went. Rewritten on disk with the
    // same size and time, the kept ones still answer from memory, the one that went from the disk.
    for (const name of ['1.webp', '2.webp', '3.webp']) {
      const { mtime } = fs.statSync(path.join(folder, name));
      rewriteOnDisk(name, 'z'.repeat(16), mtime);
    }
    // (Read newest first: reading the one that went keeps it again and pushes out the oldest.)
    expect([bodyOf(await store.readSmall('3.webp')), bodyOf(await store.readSmall('2.webp')), bodyOf(await store.readSmall('1.webp'))]).toEqual([
      'y'.repeat(16),
      'y'.repeat(16),
      'z'.repeat(16),
    ]);
  });

  it('keeps nothing from a read that a delete overtook', async () => {
    const local = new LocalFileStore(folder);
    let release = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    // The real store, with its open held until the delete has happened.
    const slowOpen: FileStore = Object.assign(Object.create(local) as FileStore, {
      open: async (name: string): Promise<OpenedFile | null> => {
        const opened = await local.open(name);
        await paused;
        return opened;
      },
    });
    const hot = new HotFileStore(slowOpen, limits);
    await hot.put('b.webp', Readable.from(['old']));
    const { mtime } = fs.statSync(path.join(folder, 'b.webp'));
    const reading = hot.readSmall('b.webp');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const deleting = hot.delete('b.webp');
    release();
    expect(bodyOf(await reading)).toBe('old');
    await deleting;
    // Written again by another process with the same size and time: only a copy kept from the
    // overtaken read could answer "old" now.
    rewriteOnDisk('b.webp', 'new', mtime);
    expect(bodyOf(await hot.readSmall('b.webp'))).toBe('new');
  });
});

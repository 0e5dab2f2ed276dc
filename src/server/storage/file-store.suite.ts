import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.ts';

export interface StoreUnderTest {
  store: FileStore;
  /** A second store of the same kind beside the first (another folder, another key prefix). */
  neighbour: FileStore;
  /** The names the backing medium holds right now, half-written or not, for "leaves nothing" checks. */
  rawNames(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * What every FileStore must do, whatever keeps the bytes: the local folder and the S3 bucket run
 * this same suite, so the features above them cannot tell them apart.
 */
export function describeFileStore(label: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${label}: the FileStore contract`, () => {
    let subject: StoreUnderTest;
    let store: FileStore;
    let scratch: string;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-store-source-'));
    });
    afterEach(async () => {
      await subject?.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    async function names(from: FileStore, prefix?: string): Promise<string[]> {
      const found: string[] = [];
      for await (const file of from.list(prefix)) found.push(file.name);
      return found.sort();
    }

    it('stores from a stream and from a local file, which it leaves in place', async () => {
      await store.put('a.txt', Readable.from(['hello ', 'world']));
      const source = path.join(scratch, 'source.txt');
      fs.writeFileSync(source, 'copied');
      await store.put('b.txt', { path: source });

      expect(await text((await store.open('a.txt'))!.stream)).toBe('hello world');
      expect(await text((await store.open('b.txt'))!.stream)).toBe('copied');
      expect(fs.existsSync(source)).toBe(true);
      expect(await store.stat('a.txt')).toMatchObject({ name: 'a.txt', size: 11 });
      expect((await store.stat('b.txt'))?.mtime).toBeInstanceOf(Date);
    });

    it('stores a file of several megabytes from a stream, byte for byte', async () => {
      // Above S3's 5 MiB part size: the S3 store sends it as a multipart upload.
      const bytes = randomBytes(6 * 1024 * 1024 + 123);
      const chunks = Array.from({ length: 13 }, (_, index) => bytes.subarray(index * 500_000, (index + 1) * 500_000));
      await store.put('big.jpg', Readable.from(chunks));
      expect((await store.stat('big.jpg'))?.size).toBe(bytes.length);
      expect((await buffer((await store.open('big.jpg'))!.stream)).equals(bytes)).toBe(true);
    });

    it('replaces a file whole when the same name is put again', async () => {
      await store.put('a.txt', Readable.from(['first version, longer']));
      await store.put('a.txt', Readable.from(['second']));
      expect(await text((await store.open('a.txt'))!.stream)).toBe('second');
      expect((await store.stat('a.txt'))?.size).toBe(6);
    });

    it('opens a whole file or a byte range with its size and time', async () => {
      await store.put('a.txt', Readable.from(['0123456789']));
      const whole = await store.open('a.txt');
      expect(whole?.size).toBe(10);
      expect(whole?.mtime).toBeInstanceOf(Date);
      expect(await text(whole!.stream)).toBe('0123456789');
      const part = await store.open('a.txt', { start: 2, end: 4 });
      expect(part?.size).toBe(10);
      expect(await text(part!.stream)).toBe('234');
      const last = await store.open('a.txt', { start: 9, end: 9 });
      expect(await text(last!.stream)).toBe('9');
    });

    it('answers null for a missing file and deletes idempotently', async () => {
      expect(await store.stat('missing.txt')).toBeNull();
      expect(await store.open('missing.txt')).toBeNull();
      await store.put('a.txt', Readable.from(['x']));
      await store.delete('a.txt');
      await store.delete('a.txt');
      expect(await store.stat('a.txt')).toBeNull();
      expect(await store.open('a.txt')).toBeNull();
    });

    it('lists by prefix, with sizes', async () => {
      expect(await names(store)).toEqual([]);
      await store.put('abc-1.webp', Readable.from(['1']));
      await store.put('abc-2.webp', Readable.from(['22']));
      await store.put('xyz.webp', Readable.from(['333']));
      expect(await names(store)).toEqual(['abc-1.webp', 'abc-2.webp', 'xyz.webp']);
      expect(await names(store, 'abc-')).toEqual(['abc-1.webp', 'abc-2.webp']);
      const sizes: Record<string, number> = {};
      for await (const file of store.list()) sizes[file.name] = file.size;
      expect(sizes).toEqual({ 'abc-1.webp': 1, 'abc-2.webp': 2, 'xyz.webp': 3 });
    });

    it('keeps its files apart from a neighbouring store', async () => {
      await store.put('same.jpg', Readable.from(['mine']));
      await subject.neighbour.put('same.jpg', Readable.from(['theirs']));
      await subject.neighbour.put('other.jpg', Readable.from(['theirs too']));
      expect(await names(store)).toEqual(['same.jpg']);
      await store.delete('same.jpg');
      expect(await text((await subject.neighbour.open('same.jpg'))!.stream)).toBe('theirs');
    });

    it('leaves nothing behind when a stream fails half way', async () => {
      const failing = new Readable({
        read() {
          this.push('some bytes');
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(store.put('broken.txt', failing)).rejects.toThrow('connection lost');
      expect(await store.stat('broken.txt')).toBeNull();
      expect(await subject.rawNames()).toEqual([]);
    });

    it('refuses any name that could leave its folder', async () => {
      for (const name of ['../x', '..', 'a/b', 'a\\b', '.hidden', '', '/etc/passwd', 'a..b/../c']) {
        await expect(store.put(name, Readable.from(['x'])), name).rejects.toThrow(/Unsafe file name/);
        await expect(store.stat(name), name).rejects.toThrow(/Unsafe file name/);
        await expect(store.open(name), name).rejects.toThrow(/Unsafe file name/);
        await expect(store.delete(name), name).rejects.toThrow(/Unsafe file name/);
      }
      expect(await subject.rawNames()).toEqual([]);
    });

    it('keeps complete files when incomplete writes are swept, and says it is reachable', async () => {
      await store.put('a.txt', Readable.from(['x']));
      expect(await store.removeIncomplete(new Date(Date.now() + 60 * 60 * 1000))).toBe(0);
      expect(await names(store)).toEqual(['a.txt']);
      await expect(store.checkReachable()).resolves.toBeUndefined();
    });
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from './local-file-store.ts';

let root: string;
let store: LocalFileStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-store-'));
  store = new LocalFileStore(path.join(root, 'files'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function names(prefix?: string): Promise<string[]> {
  const found: string[] = [];
  for await (const file of store.list(prefix)) found.push(file.name);
  return found.sort();
}

describe('LocalFileStore', () => {
  it('stores from a stream and from a local file, which it leaves in place', async () => {
    await store.put('a.txt', Readable.from(['hello ', 'world']));
    const source = path.join(root, 'source.txt');
    fs.writeFileSync(source, 'copied');
    await store.put('b.txt', { path: source });

    expect(fs.readFileSync(path.join(root, 'files', 'a.txt'), 'utf8')).toBe('hello world');
    expect(fs.readFileSync(path.join(root, 'files', 'b.txt'), 'utf8')).toBe('copied');
    expect(fs.existsSync(source)).toBe(true);
    expect(await store.stat('a.txt')).toMatchObject({ name: 'a.txt', size: 11 });
  });

  it('opens a whole file or a byte range with its size and time', async () => {
    await store.put('a.txt', Readable.from(['0123456789']));
    const whole = await store.open('a.txt');
    expect(whole?.size).toBe(10);
    expect(whole?.mtime).toBeInstanceOf(Date);
    expect(await text(whole!.stream)).toBe('0123456789');
    const part = await store.open('a.txt', { start: 2, end: 4 });
    expect(await text(part!.stream)).toBe('234');
  });

  it('answers null for a missing file and deletes idempotently', async () => {
    expect(await store.stat('missing.txt')).toBeNull();
    expect(await store.open('missing.txt')).toBeNull();
    await store.put('a.txt', Readable.from(['x']));
    await store.delete('a.txt');
    await store.delete('a.txt');
    expect(await store.stat('a.txt')).toBeNull();
  });

  it('lists by prefix and leaves out half-written files', async () => {
    expect(await names()).toEqual([]);
    await store.put('abc-1.webp', Readable.from(['1']));
    await store.put('abc-2.webp', Readable.from(['2']));
    await store.put('xyz.webp', Readable.from(['3']));
    fs.writeFileSync(path.join(root, 'files', '.partial-123'), 'half');
    expect(await names()).toEqual(['abc-1.webp', 'abc-2.webp', 'xyz.webp']);
    expect(await names('abc-')).toEqual(['abc-1.webp', 'abc-2.webp']);
  });

  it('leaves nothing behind when a stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push('some bytes');
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put('broken.txt', failing)).rejects.toThrow('connection lost');
    expect(fs.readdirSync(path.join(root, 'files'))).toEqual([]);
  });

  it('refuses any name that could leave its folder', async () => {
    for (const name of ['../x', '..', 'a/b', 'a\\b', '.hidden', '', '/etc/passwd', 'a..b/../c']) {
      await expect(store.put(name, Readable.from(['x'])), name).rejects.toThrow(/Unsafe file name/);
      await expect(store.stat(name), name).rejects.toThrow(/Unsafe file name/);
    }
    expect(fs.existsSync(path.join(root, 'x'))).toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStore } from './file-store.suite.ts';
import { LocalFileStore } from './local-file-store.ts';

/** Every file under a folder, hidden ones included. */
function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describeFileStore('LocalFileStore', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-store-'));
  return {
    store: new LocalFileStore(path.join(root, 'files')),
    neighbour: new LocalFileStore(path.join(root, 'neighbour')),
    rawNames: async () => filesIn(path.join(root, 'files')),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

describe('LocalFileStore on disk', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-store-'));
    store = new LocalFileStore(path.join(root, 'files'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes plain files under its folder and never lists a half-written one', async () => {
    await store.put('a.txt', Readable.from(['hello']));
    expect(fs.readFileSync(path.join(root, 'files', 'a.txt'), 'utf8')).toBe('hello');
    fs.writeFileSync(path.join(root, 'files', '.partial-123'), 'half');
    const listed: string[] = [];
    for await (const file of store.list()) listed.push(file.name);
    expect(listed).toEqual(['a.txt']);
  });

  it('removes half-written files begun before the given time only', async () => {
    await store.put('a.txt', Readable.from(['hello']));
    fs.writeFileSync(path.join(root, 'files', '.partial-123'), 'half');
    expect(await store.removeIncomplete(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(await store.removeIncomplete(new Date(Date.now() + 60 * 60 * 1000))).toBe(1);
    expect(filesIn(path.join(root, 'files'))).toEqual(['a.txt']);
  });

  it('answers statNow as stat does: the file as it is now, null when missing or not a file', async () => {
    await store.put('a.txt', Readable.from(['hello']));
    expect(store.statNow('a.txt')).toEqual(await store.stat('a.txt'));
    fs.writeFileSync(path.join(root, 'files', 'a.txt'), 'changed behind its back');
    expect(store.statNow('a.txt')?.size).toBe('changed behind its back'.length);
    fs.mkdirSync(path.join(root, 'files', 'folder'));
    for (const name of ['missing.txt', 'folder']) {
      expect(store.statNow(name), name).toBeNull();
      expect(await store.stat(name), name).toBeNull();
    }
    expect(() => store.statNow('../escape')).toThrow(/Unsafe file name/);
  });

  it('is unreachable when its folder cannot be created', async () => {
    fs.writeFileSync(path.join(root, 'a-file'), 'not a folder');
    await expect(new LocalFileStore(path.join(root, 'a-file', 'files')).checkReachable()).rejects.toThrow();
  });
});

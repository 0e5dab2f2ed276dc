import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleUploads, STALE_UPLOAD_MS } from './receive-files.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('removeStaleUploads', () => {
  it('removes what an ended run left mid-upload, and leaves uploads in flight and everything else', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-tmp-'));
    const now = new Date('2026-06-01T12:00:00Z');
    const at = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'x');
      const time = new Date(now.getTime() - ageMs);
      fs.utimesSync(file, time, time);
      return file;
    };
    const left = at('upload-aaa', STALE_UPLOAD_MS + 1000);
    const scratch = at('upload-aaa.0f0f0f.out', STALE_UPLOAD_MS + 1000);
    const inFlight = at('upload-bbb', 60_000);
    const other = at('backup-ccc', STALE_UPLOAD_MS * 3);
    fs.mkdirSync(path.join(dir, 'upload-dir'));
    const decoder = path.join(dir, 'upload-aaa.decode-0f0f0f');
    fs.mkdirSync(decoder);
    fs.writeFileSync(path.join(decoder, 'out.tiff'), 'x');
    const old = new Date(now.getTime() - STALE_UPLOAD_MS - 1000);
    fs.utimesSync(decoder, old, old);

    expect(await removeStaleUploads(dir, now)).toBe(3);
    expect([left, scratch, decoder].filter((file) => fs.existsSync(file))).toEqual([]);
    expect([inFlight, other, path.join(dir, 'upload-dir')].every((file) => fs.existsSync(file))).toBe(true);
    expect(await removeStaleUploads(path.join(dir, 'missing'), now)).toBe(0);
  });
});

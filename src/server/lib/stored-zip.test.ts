import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ZipFile } from './stored-zip.ts';

describe('a stored ZIP', () => {
  it('carries the right CRC-32 of each entry, streamed in pieces, as unzip checks it', async () => {
    const files = [randomBytes(1), randomBytes(70_000), randomBytes(1_000_003), Buffer.alloc(0)];
    const zip = new ZipFile();
    files.forEach((bytes, index) => {
      // In small pieces: each CRC continues from the one before it.
      const pieces = Array.from({ length: Math.ceil(bytes.length / 4099) }, (_, piece) => bytes.subarray(piece * 4099, (piece + 1) * 4099));
      zip.addReadStreamLazy(`${index}.bin`, { compress: false }, (give) => give(null, Readable.from(pieces)));
    });
    zip.end();
    const body = await buffer(zip.outputStream as Readable);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-zip-'));
    try {
      fs.writeFileSync(path.join(dir, 'test.zip'), body);
      // -t: every entry read back and its CRC-32 checked.
      expect(execFileSync('unzip', ['-t', path.join(dir, 'test.zip')], { encoding: 'utf8' })).toMatch(/No errors detected/);
      execFileSync('unzip', ['-q', path.join(dir, 'test.zip'), '-d', path.join(dir, 'out')]);
      files.forEach((bytes, index) => expect(fs.readFileSync(path.join(dir, 'out', `${index}.bin`)).equals(bytes)).toBe(true));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

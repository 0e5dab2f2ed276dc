import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * The few parts of POSIX ustar a backup needs: regular files with short names, written and read
 * as streams. Our own code, rather than a dependency, because it is small and because the reader
 * must refuse everything else an archive can hold (links, devices, absolute or `..` paths).
 */

const BLOCK = 512;
const NAME_MAX = 100;
/** 11 octal digits: 8 GiB, far beyond any photo or portfolio database. */
const SIZE_MAX = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  size: number;
  mtime: Date;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(entry: TarEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  if (name.length > NAME_MAX) throw new Error(`Name too long for the archive: ${entry.name}`);
  if (entry.size > SIZE_MAX) throw new Error(`File too large for the archive: ${entry.name}`);
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(entry.size, 12), 124, 'ascii');
  block.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Appends files to a tar stream; `finish` writes the end marker. The caller ends `out`. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  async add(entry: TarEntry, data: Buffer | AsyncIterable<Buffer>): Promise<void> {
    await write(this.out, header(entry));
    let written = 0;
    for await (const chunk of Buffer.isBuffer(data) ? [data] : data) {
      written += chunk.length;
      if (written > entry.size) throw new Error(`${entry.name} grew while it was archived`);
      await write(this.out, chunk);
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed size while it was archived`);
    const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (padding) await write(this.out, Buffer.alloc(padding));
  }

  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
  }
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = block.toString('ascii', offset, offset + length).replace(/[\0 ]+$/, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('Not a tar archive (bad number in a header)');
  return text === '' ? 0 : parseInt(text, 8);
}

function parseHeader(block: Buffer): TarEntry & { type: string } {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
  if (sum !== readOctal(block, 148, 8)) throw new TarFormatError('Not a tar archive (bad header checksum)');
  const nameEnd = block.indexOf(0, 0);
  const name = block.toString('utf8', 0, nameEnd === -1 || nameEnd > NAME_MAX ? NAME_MAX : nameEnd);
  const prefixEnd = block.indexOf(0, 345);
  const prefix = block.toString('utf8', 345, prefixEnd === -1 || prefixEnd > 500 ? 500 : prefixEnd);
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: readOctal(block, 124, 12),
    mtime: new Date(readOctal(block, 136, 12) * 1000),
    type: String.fromCharCode(block[156] ?? 0),
  };
}

/**
 * Reads a tar stream and hands each regular file to `onFile` with a writable for its bytes.
 * Anything but a regular file (a link, a directory, a device, an extended header) is refused.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onFile: (entry: TarEntry) => Promise<Writable>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { entry: TarEntry; out: Writable; remaining: number; padding: number } | null = null;
  let ended = false;

  const closeCurrent = async () => {
    if (!current) return;
    current.out.end();
    await once(current.out, 'finish');
  };

  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.remaining > 0) {
          if (pending.length === 0) break;
          const part = pending.subarray(0, Math.min(current.remaining, pending.length));
          pending = pending.subarray(part.length);
          current.remaining -= part.length;
          await write(current.out, part);
          continue;
        }
        if (pending.length < current.padding) break;
        pending = pending.subarray(current.padding);
        await closeCurrent();
        current = null;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = parseHeader(block);
      if (entry.type !== '0' && entry.type !== '\0') {
        throw new TarFormatError(`The archive holds something other than a file: ${entry.name}`);
      }
      current = { entry, out: await onFile(entry), remaining: entry.size, padding: (BLOCK - (entry.size % BLOCK)) % BLOCK };
    }
  }
  if (current || !ended) {
    await closeCurrent().catch(() => {});
    throw new TarFormatError('The archive is incomplete');
  }
}

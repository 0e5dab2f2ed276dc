import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import yazl from 'yazl';

/**
 * yazl's ZipFile, with the CRC-32 it computes over every byte taken from Node's zlib (native,
 * about 2.7 GB/s here) instead of its JavaScript buffer-crc32 (about 0.2 GB/s): for a stored
 * ZIP the checksum is the only work per byte, and the JavaScript one held a gallery's ZIP to
 * about a third of `zip -0`'s speed (docs/performance.md). Both compute the same CRC-32
 * (checked below before the swap), and yazl calls `unsigned(chunk, previous)` as a property
 * on each chunk, so the swap is the whole change; without zlib.crc32 nothing is swapped.
 */
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const crc32 = yazlRequire('buffer-crc32') as { unsigned: (data: Buffer, previous?: number | Buffer) => number };

const CHECK = Buffer.from('123456789');
const nativeCrc32 = (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32;
if (nativeCrc32 && nativeCrc32(CHECK) === 0xcbf43926 && crc32.unsigned(CHECK) === 0xcbf43926) {
  crc32.unsigned = (data, previous) => nativeCrc32(data, typeof previous === 'number' ? previous : previous === undefined ? 0 : previous.readUInt32BE(0));
}

export const ZipFile = yazl.ZipFile;
export type ZipFile = yazl.ZipFile;

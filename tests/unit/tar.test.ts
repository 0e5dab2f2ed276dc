import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readTar, TarFormatError, TarWriter, type TarEntry } from '#server/features/backup/tar.ts';

async function archive(files: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const writer = new TarWriter(out);
  for (const file of files) await writer.add({ name: file.name, size: file.data.length, mtime: new Date(0) }, file.data);
  await writer.finish();
  return Buffer.concat(chunks);
}

/** Reads an archive fed in small pieces, as a stream would, into name -> bytes. */
async function unpack(bytes: Buffer, pieceSize = 100): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const pieces = Array.from({ length: Math.ceil(bytes.length / pieceSize) }, (_, index) => bytes.subarray(index * pieceSize, (index + 1) * pieceSize));
  await readTar(
    (async function* () {
      yield* pieces;
    })(),
    async (entry: TarEntry) => {
      const chunks: Buffer[] = [];
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          files.set(entry.name, Buffer.concat(chunks));
          done();
        },
      });
    },
  );
  return files;
}

describe('tar', () => {
  it('reads back exactly what it wrote, whatever the sizes and however the stream is cut', async () => {
    const files = [
      { name: 'a/empty', data: Buffer.alloc(0) },
      { name: 'a/one-block', data: Buffer.alloc(512, 7) },
      { name: 'a/odd', data: Buffer.from('x'.repeat(1000) + 'é😀') },
    ];
    const bytes = await archive(files);
    expect(bytes.length % 512).toBe(0);
    for (const pieceSize of [1, 100, 512, 4096]) {
      const read = await unpack(bytes, pieceSize);
      expect([...read.keys()]).toEqual(files.map((file) => file.name));
      for (const file of files) expect(read.get(file.name)?.equals(file.data), `${file.name} in ${pieceSize}-byte pieces`).toBe(true);
    }
  });

  it('refuses links and other entries that are not plain files', async () => {
    const bytes = await archive([{ name: 'link', data: Buffer.alloc(0) }]);
    // Make the entry a symbolic link to /etc/passwd, with a correct checksum.
    bytes.write('2', 156, 'ascii');
    bytes.write('/etc/passwd', 157, 'ascii');
    bytes.write('        ', 148, 'ascii');
    let sum = 0;
    for (const byte of bytes.subarray(0, 512)) sum += byte;
    bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    await expect(unpack(bytes)).rejects.toThrow(/something other than a file/);
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const bytes = await archive([{ name: 'a', data: Buffer.alloc(2000, 1) }]);
    const damaged = Buffer.from(bytes);
    damaged[0] = 'b'.charCodeAt(0);
    await expect(unpack(damaged)).rejects.toThrow(TarFormatError);
    await expect(unpack(bytes.subarray(0, 1500))).rejects.toThrow(/incomplete/);
    await expect(unpack(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow(/incomplete/);
  });

  it('refuses to write a file whose size changes under it', async () => {
    const writer = new TarWriter(new Writable({ write: (_chunk, _encoding, done) => done() }));
    await expect(writer.add({ name: 'grew', size: 3, mtime: new Date() }, Buffer.from('four'))).rejects.toThrow(/grew/);
  });
});

import { html, hugePng, jpeg, svg, truncatedJpeg } from '#tests/fixtures/images.ts';

/**
 * Hostile files, made when the test runs: nothing binary is committed, and each one is exactly
 * the attack its name says.
 */

export const PHP_PAYLOAD = '<?php system($_GET["cmd"]); ?>';
export const SCRIPT_PAYLOAD = '<script>alert(document.cookie)</script>';
export const JS_PAYLOAD = '=alert(document.domain);//';

/** A PHP web shell, named and typed as a JPEG. */
export const phpShell = () => Buffer.from(`${PHP_PAYLOAD}\n`);

/** A real JPEG with a PHP shell after its end marker: decoders stop at the marker, PHP does not. */
export async function jpegWithPhp(): Promise<Buffer> {
  return Buffer.concat([await jpeg({ width: 320, height: 240 }), Buffer.from(PHP_PAYLOAD)]);
}

/** A real JPEG whose comment segment (FF FE) holds a script, for a browser that sniffs HTML. */
export async function jpegWithScriptComment(): Promise<Buffer> {
  const image = await jpeg({ width: 320, height: 240 });
  const text = Buffer.from(SCRIPT_PAYLOAD);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), segment, text, image.subarray(2)]);
}

/** A real JPEG whose frame header claims 65500 × 65500 pixels: 4.3 gigapixels once decoded. */
export async function jpegBomb(): Promise<Buffer> {
  const image = Buffer.from(await jpeg({ width: 64, height: 64 }));
  for (let index = 2; index < image.length - 9; index += 1) {
    // SOF0 or SOF2: FF C0 / FF C2, length (2), precision (1), height (2), width (2).
    if (image[index] === 0xff && (image[index + 1] === 0xc0 || image[index + 1] === 0xc2)) {
      image.writeUInt16BE(65_500, index + 5);
      image.writeUInt16BE(65_500, index + 7);
      return image;
    }
  }
  throw new Error('no frame header found');
}

function gifImageData(pixels: number, color: number): Buffer {
  // 3-bit LZW codes only: a clear code (4) before every two pixels keeps the code width fixed.
  const codes: number[] = [];
  for (let index = 0; index < pixels; index += 2) codes.push(4, color, ...(index + 1 < pixels ? [color] : []));
  codes.push(5);
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(buffer & 0xff);
  const blocks: number[] = [2];
  for (let index = 0; index < bytes.length; index += 255) {
    const block = bytes.slice(index, index + 255);
    blocks.push(block.length, ...block);
  }
  blocks.push(0);
  return Buffer.from(blocks);
}

/**
 * An animated GIF of `frames` small frames scattered over a `screen`² canvas: under 1 MB on
 * disk, gigabytes for a decoder that renders every frame. Written by hand, so it costs nothing.
 */
export function manyFrameGif(frames = 5000, screen = 2000, frameSide = 16, prefix = 'GIF89a'): Buffer {
  const header = Buffer.alloc(13);
  header.write(prefix.padEnd(6, ' ').slice(0, 6), 0, 'latin1');
  header.writeUInt16LE(screen, 6);
  header.writeUInt16LE(screen, 8);
  header[10] = 0x80; // a global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]);
  const data = gifImageData(frameSide * frameSide, 1);
  const parts: Buffer[] = [header, palette, loop];
  for (let frame = 0; frame < frames; frame += 1) {
    parts.push(Buffer.from([0x21, 0xf9, 4, 0x04, 2, 0, 0, 0]));
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE((frame * 7) % (screen - frameSide), 1);
    descriptor.writeUInt16LE((frame * 13) % (screen - frameSide), 3);
    descriptor.writeUInt16LE(frameSide, 5);
    descriptor.writeUInt16LE(frameSide, 7);
    parts.push(descriptor, data);
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/**
 * A GIF that is also JavaScript: `GIF89a/*` opens a comment that the bytes after the trailer
 * close, so `<script src>` pointed at it would run `GIF89a=alert(…)`.
 */
export function gifJsPolyglot(): Buffer {
  const image = manyFrameGif(1, 64, 8);
  // Width bytes "/*" (0x2F 0x2A) open the comment; the height stays small.
  image.write('/*', 6, 'latin1');
  return Buffer.concat([image, Buffer.from(`*/${JS_PAYLOAD}`)]);
}

export interface CorpusFile {
  name: string;
  type: string;
  data: Buffer;
}

export interface Attack {
  label: string;
  files: () => Promise<CorpusFile[]>;
  /** Decompression bombs: memory is measured around them. */
  bomb?: boolean;
}

const one = (name: string, type: string, data: () => Buffer | Promise<Buffer>) => async () => [{ name, type, data: await data() }];

/** Every file here must be refused with a 4xx, leaving nothing behind. */
export const REFUSED_ATTACKS: Attack[] = [
  { label: 'an SVG with a script', files: one('logo.svg', 'image/svg+xml', svg) },
  { label: 'an SVG with a script renamed .jpg', files: one('logo.jpg', 'image/jpeg', svg) },
  { label: 'an HTML page renamed .jpg', files: one('page.jpg', 'image/jpeg', html) },
  { label: 'a PHP shell renamed .jpg', files: one('shell.jpg', 'image/jpeg', phpShell) },
  { label: 'a PHP shell named .jpg.php', files: one('shell.jpg.php', 'application/x-php', phpShell) },
  { label: 'a truncated JPEG', files: one('cut.jpg', 'image/jpeg', truncatedJpeg) },
  { label: 'zero bytes', files: one('empty.jpg', 'image/jpeg', () => Buffer.alloc(0)) },
  { label: 'a 14000 × 14000 PNG', files: one('wide.png', 'image/png', () => hugePng(14_000, 14_000)), bomb: true },
  { label: 'a 200-megapixel PNG', files: one('huge.png', 'image/png', () => hugePng(20_000, 10_000)), bomb: true },
  { label: 'a JPEG claiming 65500 × 65500', files: one('bomb.jpg', 'image/jpeg', jpegBomb), bomb: true },
  {
    label: '500 files in one request',
    files: async () => {
      const data = await jpeg({ width: 32, height: 32 });
      return Array.from({ length: 500 }, (_, index) => ({ name: `${index}.jpg`, type: 'image/jpeg', data }));
    },
  },
];

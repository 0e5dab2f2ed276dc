/**
 * What a file is by its content, not its name or type: the browser refuses a file that is not an
 * image before sending it, with the reason, as the server would after.
 */
/** The first bytes of JPEG, PNG, GIF and WebP; null for anything else. */
export async function sniffImage(file: Blob): Promise<'jpeg' | 'png' | 'gif' | 'webp' | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export const NOT_AN_IMAGE = "Not an image: the file's content is not JPEG, PNG, GIF or WebP";

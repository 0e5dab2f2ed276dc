import { randomBytes } from 'node:crypto';

export interface RawPart {
  field: string;
  /** Written into the header as given: quotes, CR LF or NUL included, as an attacker would. */
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body built byte by byte, for names no FormData would send as they are. */
export function rawMultipart(parts: RawPart[]): { body: Buffer; contentType: string } {
  const boundary = `----atelier${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const header =
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
      `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(header, 'utf8'), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

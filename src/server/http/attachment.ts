/**
 * `Content-Disposition: attachment` for a download's file name: the name as ASCII for old
 * clients, and whole in UTF-8 (RFC 6266, RFC 5987). Quotes, backslashes and percent signs never
 * reach the quoted form.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

import type { ByteRange } from '#server/storage/file-store.ts';

/** Weak comparison (RFC 9110 §8.8.3.2), as If-None-Match asks for. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The one byte range a Range header asks for; null to send the whole file (no header, a header
 * we do not serve such as several ranges, or an If-Range that no longer matches).
 */
export function parseRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

import { describe, expect, it } from 'vitest';
import { etagMatches, parseRange } from './conditional-get.ts';

const etag = '"abc-1"';

describe('parseRange', () => {
  it('reads first-last, first- and -suffix ranges, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000, undefined, etag)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000, undefined, etag)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000, undefined, etag)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000, undefined, etag)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=10-5000', 1000, undefined, etag)).toEqual({ start: 10, end: 999 });
  });

  it('calls a range that starts past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000, undefined, etag)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000, undefined, etag)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0, undefined, etag)).toBe('unsatisfiable');
  });

  it('sends the whole file for no header, a malformed one, several ranges or a stale If-Range', () => {
    expect(parseRange(undefined, 1000, undefined, etag)).toBeNull();
    expect(parseRange('bytes=5-1', 1000, undefined, etag)).toBeNull();
    expect(parseRange('bytes=-', 1000, undefined, etag)).toBeNull();
    expect(parseRange('bytes=0-1, 5-6', 1000, undefined, etag)).toBeNull();
    expect(parseRange('pages=1-2', 1000, undefined, etag)).toBeNull();
    expect(parseRange('bytes=0-1', 1000, '"other"', etag)).toBeNull();
    expect(parseRange('bytes=0-1', 1000, etag, etag)).toEqual({ start: 0, end: 1 });
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists and with *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"x", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"x"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

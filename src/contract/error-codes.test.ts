import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXTS, errorText, isErrorCode, pickCapCode } from './error-codes.ts';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

describe('the catalog of error codes', () => {
  it('names every code area.snake_case, once, each with a text', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+\.[a-z]+(_[a-z]+)*$/);
      expect(ERROR_TEXTS[code].trim()).not.toBe('');
    }
    expect(new Set(Object.values(ERROR_TEXTS)).size).toBe(ERROR_CODES.length);
  });

  it('renders every text, each placeholder filled from its param', () => {
    for (const code of ERROR_CODES) {
      const names = placeholdersOf(ERROR_TEXTS[code]);
      const params = Object.fromEntries(names.map((name, index) => [name, `«${name}${index}»`]));
      const text = errorText(code, params);
      expect(text, code).not.toMatch(/\{\w+\}/);
      for (const [name, value] of Object.entries(params)) expect(text, `${code} ${name}`).toContain(value);
      if (names.length === 0) expect(text).toBe(ERROR_TEXTS[code]);
    }
  });

  it('fills numbers and leaves a placeholder without its param as written', () => {
    expect(errorText('photos.id_not_found', { id: 999 })).toBe('Photo 999 not found');
    expect(errorText('request.no_route', { method: 'GET', path: '/api/nothing' })).toBe('No route for GET /api/nothing');
    expect(errorText('upload.too_many_files')).toBe('Too many files: at most {max} at once');
    expect(errorText('auth.invalid_credentials', { extra: 1 })).toBe('Invalid username or password');
  });

  it('reads "1 photo" and "2 photos" through two codes', () => {
    expect(errorText(pickCapCode(1), { cap: 1 })).toBe('You can pick at most 1 photo');
    expect(errorText(pickCapCode(2), { cap: 2 })).toBe('You can pick at most 2 photos');
  });

  it('knows its own codes and nothing else', () => {
    expect(isErrorCode('auth.invalid_credentials')).toBe(true);
    expect(isErrorCode('auth.unknown_thing')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

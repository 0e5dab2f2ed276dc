import { describe, expect, it } from 'vitest';
import { isClientRoute } from './web.ts';

describe('isClientRoute', () => {
  it.each(['/', '/login', '/forgot-password', '/reset-password', '/clear-cache', '/photo/12', '/ada', '/ada/photo/3', '/ada/'])(
    'serves %s as a page',
    (path) => expect(isClientRoute(path)).toBe(true),
  );
  it.each(['/a/b/c', '/ada/photos/3', '/photo/1/extra'])('answers %s with 404', (path) =>
    expect(isClientRoute(path)).toBe(false),
  );
});

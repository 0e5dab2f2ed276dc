import { describe, expect, it } from 'vitest';
import { prefixedTitle } from './photo-title-prefix.ts';

describe('prefixedTitle', () => {
  it('joins, skips a title prefixed already, and cuts at a whole character', () => {
    expect(prefixedTitle('Vows', 'EP-')).toEqual({ title: 'EP-Vows', shortened: false });
    expect(prefixedTitle('EP-Vows', 'EP-')).toBeNull();
    expect(prefixedTitle('é'.normalize('NFD').repeat(200), 'ab')).toEqual({ title: `ab${'é'.normalize('NFD').repeat(126)}`, shortened: true });
    expect(prefixedTitle('Vows', 'p'.repeat(255))).toEqual({ title: 'p'.repeat(255), shortened: true });
  });
});

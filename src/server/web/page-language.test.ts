import { describe, expect, it } from 'vitest';
import type { SiteLanguages } from '#server/features/owner/owner.service.ts';
import { negotiateLanguage, parseAcceptLanguage } from './page-language.ts';

const EVERY: SiteLanguages = { defaultLanguage: 'en', languages: ['en', 'de', 'fr', 'es', 'ja', 'ar'] };
const asked = (changes: Partial<Parameters<typeof negotiateLanguage>[0]>) => ({
  query: undefined,
  cookie: undefined,
  acceptLanguage: undefined,
  ...changes,
});

describe('parseAcceptLanguage', () => {
  it('orders the ranges by their q-values, the header order breaking a tie, and drops q=0 and what does not parse', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH;q=0.9, en;q=0.9, ja, ar;q=0, x_y, ;q=1, *;q=0.1')).toEqual(['ja', 'de-ch', 'en', 'fr', '*']);
    expect(parseAcceptLanguage('DE-de , es;Q=0.8')).toEqual(['de-de', 'es']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
    // A q-value past 1 is held to 1, one that is not a number leaves the default of 1.
    expect(parseAcceptLanguage('es;q=0.9, fr;q=7, de;q=abc')).toEqual(['fr', 'de', 'es']);
  });
});

describe('negotiateLanguage', () => {
  it('takes the most wanted language the site offers, by its primary subtag', () => {
    expect(negotiateLanguage(asked({ acceptLanguage: 'pt-BR, de-AT;q=0.8, fr;q=0.7' }), EVERY)).toEqual({ language: 'de', fromQuery: false });
    expect(negotiateLanguage(asked({ acceptLanguage: 'ja-JP' }), EVERY).language).toBe('ja');
  });

  it('falls back to the default for nothing offered, and gives the default for *', () => {
    const site: SiteLanguages = { defaultLanguage: 'fr', languages: ['en', 'fr'] };
    expect(negotiateLanguage(asked({ acceptLanguage: 'ja, ar;q=0.5' }), site).language).toBe('fr');
    expect(negotiateLanguage(asked({ acceptLanguage: 'ja, *;q=0.5, en;q=0.4' }), site).language).toBe('fr');
    expect(negotiateLanguage(asked({}), site).language).toBe('fr');
  });

  it('puts the address over the cookie and the cookie over the browser, each only when offered', () => {
    const site: SiteLanguages = { defaultLanguage: 'en', languages: ['en', 'de', 'ar'] };
    expect(negotiateLanguage(asked({ query: 'ar', cookie: 'de', acceptLanguage: 'en' }), site)).toEqual({ language: 'ar', fromQuery: true });
    expect(negotiateLanguage(asked({ query: 'ja', cookie: 'de', acceptLanguage: 'en' }), site)).toEqual({ language: 'de', fromQuery: false });
    expect(negotiateLanguage(asked({ query: ['ar', 'de'], cookie: 'fr', acceptLanguage: 'en' }), site)).toEqual({ language: 'en', fromQuery: false });
    expect(negotiateLanguage(asked({ cookie: 'fr', acceptLanguage: 'ar, en' }), site).language).toBe('ar');
  });
});

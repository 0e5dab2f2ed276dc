import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, SOURCE_LANGUAGE } from '#contract/languages.ts';
import { formatPlace, i18n } from './i18n.ts';

describe('formatPlace', () => {
  afterAll(() => i18n.activate(SOURCE_LANGUAGE));

  it.each(LANGUAGES)('writes a place as Intl does in %s, without grouping', (language) => {
    if (language !== SOURCE_LANGUAGE) i18n.load(language, {});
    i18n.activate(language);
    for (const value of [1, 9, 12, 1200, 98765]) {
      expect(formatPlace(value)).toBe(new Intl.NumberFormat(language, { useGrouping: false }).format(value));
    }
  });
});

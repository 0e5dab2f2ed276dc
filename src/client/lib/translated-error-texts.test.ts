import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, type ErrorCode } from '#contract/error-codes.ts';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-text.ts';
import { i18n } from './i18n.ts';
import { TRANSLATED_ERROR_TEXTS } from './translated-error-texts.ts';
import { SIGN_IN_ERROR_TEXTS } from '#client/features/auth/lib/error-texts.ts';
import { messages as signInEnglish } from '#client/locales/en/sign-in.po';
import { messages as german } from '#client/locales/de/visitor.po';

const translated = Object.entries({ ...TRANSLATED_ERROR_TEXTS, ...SIGN_IN_ERROR_TEXTS }) as [ErrorCode, NonNullable<(typeof TRANSLATED_ERROR_TEXTS)[ErrorCode]>][];

describe('the error texts a visitor meets, translated', () => {
  it("say in English exactly what the error catalog says", () => {
    // The screens' own texts are in their catalogs, loaded with them.
    i18n.load('en', signInEnglish);
    expect(translated.length).toBeGreaterThan(0);
    for (const [code, descriptor] of translated) expect(i18n._(descriptor), code).toBe(ERROR_TEXTS[code]);
  });

  it('are shown in the language of the page, by their code', () => {
    const answer = new ApiError(429, 'Too Many Requests', JSON.stringify({ code: 'limits.too_many_attempts', message: ERROR_TEXTS['limits.too_many_attempts'] }));
    expect(errorMessage(answer, 'fallback')).toBe(ERROR_TEXTS['limits.too_many_attempts']);
    i18n.load('de', german);
    i18n.activate('de');
    try {
      expect(errorMessage(answer, 'fallback')).toBe('Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.');
      // A code the visitor's catalog has no text for stays in English.
      const owners = new ApiError(400, 'Bad Request', JSON.stringify({ code: 'owner.unknown_banner', message: 'x' }));
      expect(errorMessage(owners, 'fallback')).toBe(ERROR_TEXTS['owner.unknown_banner']);
    } finally {
      i18n.activate('en');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorText, type ErrorCode } from '#contract/error-codes.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { addErrorTexts, errorMessage } from '#client/lib/error-text.ts';
import { i18n } from '#client/lib/i18n.ts';
import { OWNER_ERROR_TEXTS } from '#client/app/admin/owner-error-texts.ts';
import { messages as germanOwner } from '#client/locales/de/owner.po';

const texts = Object.entries(OWNER_ERROR_TEXTS) as [ErrorCode, NonNullable<(typeof OWNER_ERROR_TEXTS)[ErrorCode]>][];

describe('the error texts the owner meets, translated', () => {
  it('say in English exactly what the error catalog says', () => {
    expect(texts.length).toBeGreaterThan(0);
    for (const [code, descriptor] of texts) {
      // Each placeholder filled with its own name, so a value in the wrong place shows.
      const values = Object.fromEntries([...ERROR_TEXTS[code].matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `<${name}>`]));
      expect(i18n._({ ...descriptor, values }), code).toBe(errorText(code, values));
    }
  });

  it("are shown by their code in the owner's language once the owner's page adds them", () => {
    const answer = new ApiError(400, 'Bad Request', JSON.stringify({ code: 'webhooks.too_many', message: 'At most 20 webhooks', params: { max: 20 } }));
    addErrorTexts(OWNER_ERROR_TEXTS);
    i18n.load('de', germanOwner);
    i18n.activate('de');
    try {
      const german = errorMessage(answer, 'fallback');
      expect(german).not.toBe('At most 20 webhooks');
      expect(german).toContain('20');
    } finally {
      i18n.activate('en');
    }
  });
});

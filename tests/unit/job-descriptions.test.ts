import { describe, expect, it } from 'vitest';
import { JOB_DESCRIPTIONS } from '#contract/jobs.ts';
import { i18n } from '#client/lib/i18n.ts';
import { JOB_DESCRIPTION_TEXTS, jobDescription } from '#client/features/jobs/lib/job-descriptions.ts';
import { messages as germanOwner } from '#client/locales/de/owner.po';

describe("failed background work's descriptions, translated", () => {
  it('say in English exactly what the server says, for every kind it names', () => {
    expect(Object.keys(JOB_DESCRIPTION_TEXTS).sort()).toEqual(Object.keys(JOB_DESCRIPTIONS).sort());
    for (const [kind, description] of Object.entries(JOB_DESCRIPTIONS)) expect(jobDescription({ kind, description }), kind).toBe(description);
  });

  it("are said in the owner's language, and a kind this client does not know in the server's words", () => {
    i18n.load('de', germanOwner);
    i18n.activate('de');
    try {
      expect(jobDescription({ kind: 'mail.send', description: 'Sending a mail' })).not.toBe('Sending a mail');
      expect(jobDescription({ kind: 'later.kind', description: 'Doing something new' })).toBe('Doing something new');
      expect(jobDescription({ kind: 'toString', description: 'A kind named like a property' })).toBe('A kind named like a property');
    } finally {
      i18n.activate('en');
    }
  });
});

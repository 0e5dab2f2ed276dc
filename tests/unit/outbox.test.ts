import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxMailer } from '#server/mail/mailer.ts';
import { passwordResetMail } from '#server/mail/templates.ts';
import { decodeQuotedPrintable, newResetLink, outboxFiles, resetLinkFromEml } from '#tests/e2e/outbox.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('reading the outbox (browser-test helper)', () => {
  it('undoes quoted-printable soft line breaks and escapes', () => {
    expect(decodeQuotedPrintable('http://x/reset-password?token=3Dab=\ncd=\r\nef')).toBe(
      'http://x/reset-password?token=abcdef',
    );
  });

  it('finds the reset link in a mail the server wrote, whole, across folded lines', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-outbox-'));
    dirs.push(dataDir);
    // A long base and a 43-character token, as the server makes, so the link is folded.
    const token = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzXYZ';
    const link = `http://127.0.0.1:43210/some/deep/base/path/reset-password?token=${token}`;
    const mailer = outboxMailer(path.join(dataDir, 'outbox'), 'Atelier <atelier@example.test>', { info: () => {} });
    await mailer.send(passwordResetMail('owner@example.test', link, 'Atelier'));
    mailer.close();

    const [file] = outboxFiles(dataDir);
    expect(file).toBeDefined();
    const raw = fs.readFileSync(path.join(dataDir, 'outbox', file ?? ''), 'utf8');
    expect(raw).not.toContain(link); // folded or escaped: the helper has real work to do
    expect(resetLinkFromEml(raw)).toBe(link);
    expect(newResetLink(dataDir, [])).toBe(link);
    expect(newResetLink(dataDir, [file ?? ''])).toBeUndefined();
  });

  it('finds no link in a mail without one', () => {
    expect(resetLinkFromEml('Subject: Hello\n\nNo link here, only =3D signs.\n')).toBeUndefined();
  });
});

import fs from 'node:fs';
import path from 'node:path';

/**
 * The server without SMTP_URL writes each mail as an .eml file into DATA_DIR/outbox/
 * (src/server/mail/mailer.ts); these helpers read it as a person with no mail server would.
 */

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The .eml files in the outbox, oldest first (their names start with the time of writing). */
export function outboxFiles(dataDir: string): string[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
}

/** Undoes quoted-printable: soft line breaks ("=" at a line end) and "=XX" escapes such as "=3D". */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The password-reset link of a raw mail. A token is base64url, so it never holds "=" and the
 * match stops at the first character that cannot belong to it (a quote, a space, a line end).
 */
export function resetLinkFromEml(eml: string): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(eml))?.[0];
}

/** The reset link of the first mail written after `before` (a snapshot of outboxFiles), if any yet. */
export function newResetLink(dataDir: string, before: readonly string[]): string | undefined {
  const fresh = outboxFiles(dataDir).filter((name) => !before.includes(name));
  for (const name of fresh) {
    const link = resetLinkFromEml(fs.readFileSync(path.join(outboxDir(dataDir), name), 'utf8'));
    if (link) return link;
  }
  return undefined;
}

/** The gallery address in the first new outbox mail to `to`, if it was written yet. */
export function invitedAddress(dataDir: string, before: readonly string[], to: string): string | undefined {
  for (const name of outboxFiles(dataDir).filter((file) => !before.includes(file))) {
    const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(dataDir), name), 'utf8'));
    if (!mail.includes(`To: ${to}`)) continue;
    return /https?:\/\/[^\s"'<>]+\/g\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
  }
  return undefined;
}

/** A raw mail's subject: its header unfolded and its encoded words (RFC 2047, Q or B) decoded. */
export function subjectOf(eml: string): string {
  const headers = eml.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  // Whitespace between two encoded words is not part of the text.
  return subject
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

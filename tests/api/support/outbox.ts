import fs from 'node:fs';
import path from 'node:path';

/** The mails written to the outbox, decoded; a mail still half written (.partial) is left out. */
export function mailsInOutbox(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  const mails: string[] = [];
  for (const file of fs.readdirSync(outbox)) {
    if (file.endsWith('.partial')) continue;
    // Quoted-printable: soft line breaks and an encoded "=".
    mails.push(fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  }
  return mails;
}

/** The token of the reset link in the outbox's mail; '' while there is none, or it is half written. */
export function resetTokenInOutbox(dataDir: string): string {
  for (const mail of mailsInOutbox(dataDir)) {
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    if (token) return token;
  }
  return '';
}

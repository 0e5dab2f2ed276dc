import fs from 'node:fs';
import path from 'node:path';

/** The token of the reset link in the outbox's mail; '' while there is none, or it is half written. */
export function resetTokenInOutbox(dataDir: string): string {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return '';
  for (const file of fs.readdirSync(outbox)) {
    // Quoted-printable: soft line breaks and an encoded "=".
    const mail = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    if (token) return token;
  }
  return '';
}

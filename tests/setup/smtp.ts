import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Recipients at this domain are refused as a real server refuses an unknown user: 550 5.1.1. */
export const REFUSED_DOMAIN = 'refused.example';

/** A real SMTP server on loopback that keeps what it receives, for mail tests. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`)) return callback();
      const refused = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 });
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` mails have arrived. */
    async waitForMails(count: number): Promise<ReceivedMail[]> {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

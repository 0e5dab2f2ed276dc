import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when mail leaves the machine (SMTP), false when it only lands in the outbox. */
  readonly delivers: boolean;
  close(): void;
}

/** Real delivery over SMTP_URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP each mail is written to DATA_DIR/outbox/ as an .eml file, so a self-hoster without
 * mail can still open the reset link. The log names the file, never its content.
 */
export function outboxMailer(outboxDir: string, from: string, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      // Written aside, then renamed: whoever reads the outbox never sees half a mail.
      await fs.writeFile(`${file}.partial`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.partial`, file);
      log.info({ file, subject: message.subject }, 'no SMTP_URL set: mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

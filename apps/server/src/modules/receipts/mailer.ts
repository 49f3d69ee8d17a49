/**
 * Sends e-mail with nodemailer: through SMTP_URL when it is set, otherwise into a local outbox
 * folder as .eml files (one per message), which any mail client opens.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string; location: string }>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | null; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(mail);
        return { messageId: info.messageId, location: 'smtp' };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(options.outboxDir, { recursive: true });
      const safeId = info.messageId.replace(/[^\w.-]/g, '');
      const file = join(options.outboxDir, `${Date.now()}-${safeId}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, location: file };
    },
    close: () => transport.close(),
  };
}

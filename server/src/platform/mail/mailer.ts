/** Sends mail through SMTP when SMTP_URL is set; otherwise keeps it in the dev mailbox table. */
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';

export interface OutgoingMail {
  siteId: number | null;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from: { name: mail.from.name, address: mail.from.address },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

export function createDevMailbox(db: Db, clock: Clock): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto('mails')
        .values({
          site_id: mail.siteId,
          recipient: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: JSON.stringify(mail.headers ?? {}),
          created_at: clock.now().toISOString(),
        })
        .execute();
    },
    close: () => {},
  };
}

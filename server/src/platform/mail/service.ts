/**
 * Mail: rendered in the member's language when asked for, then sent by a job, so a slow or failing
 * SMTP server never holds up a request or loses a mail; the job is tried again until it goes out.
 */
import type { CompanyInfo, Locale } from '@amora/common';
import type { JobQueue } from '../jobs/queue.js';
import type { Site } from '../site.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import {
  type AccountMailKind,
  type MailFrame,
  type NotificationMailKind,
  type RenderedMail,
  renderAccountMail,
  renderNotificationMail,
  type UnsubscribeLinks,
} from './templates.js';

declare module '../jobs/queue.js' {
  interface JobTypes {
    'mail.send': OutgoingMail;
  }
}

/** Where a mail's footer finds the company that runs the site. */
interface CompanyDetails {
  companyInfo(site: Site): Promise<CompanyInfo>;
}

interface MailTo {
  site: Site;
  to: string;
  locale: Locale;
  /**
   * The reader's name, to greet them by; null for an address nobody has shown to be theirs, where
   * a name someone typed would let them send their words (an advert, a link) to anyone's inbox.
   */
  name: string | null;
  link: string;
  params?: Record<string, string | number>;
}

export interface AccountMail extends MailTo {
  kind: AccountMailKind;
}

export interface NotificationMail extends MailTo {
  kind: NotificationMailKind;
  unsubscribe: UnsubscribeLinks & {
    /** The address mail clients post to for RFC 8058 one-click unsubscribe. */
    oneClick: string;
  };
}

interface MailDeps {
  mailer: Mailer;
  sites: CompanyDetails;
  jobs: JobQueue;
  /** Told of each try the mail server refused or could not be reached for (the operators' metrics). */
  failures: { failed(): void };
}

export function createMailService({ mailer, sites, jobs, failures }: MailDeps) {
  jobs.handle('mail.send', async (mail) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      failures.failed();
      throw error;
    }
  });

  async function frameOf(mail: MailTo): Promise<MailFrame> {
    const company = await sites.companyInfo(mail.site);
    const { locale, name, link, params } = mail;
    return { locale, siteName: mail.site.name, company, name, link, params };
  }

  function send(mail: MailTo, rendered: RenderedMail, headers?: Record<string, string>) {
    const { site } = mail;
    return jobs.add('mail.send', {
      siteId: site.id,
      from: { name: site.settings.mail_name, address: site.settings.support_email },
      to: mail.to,
      ...rendered,
      ...(headers && { headers }),
    });
  }

  return {
    async sendAccountMail(mail: AccountMail) {
      await send(mail, renderAccountMail(mail.kind, await frameOf(mail)));
    },

    /** A notification: it says where to change or stop such mails, and mail clients offer a one-click stop. */
    async sendNotificationMail(mail: NotificationMail) {
      const rendered = renderNotificationMail(mail.kind, await frameOf(mail), mail.unsubscribe);
      await send(mail, rendered, {
        'List-Unsubscribe': `<${mail.unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

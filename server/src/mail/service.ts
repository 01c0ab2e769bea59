import type { Locale } from '@amora/common';
import type { Site, SitesService } from '../sites/service.js';
import type { Mailer } from './mailer.js';
import { type AccountMailKind, renderAccountMail } from './templates.js';

export interface AccountMail {
  site: Site;
  to: string;
  locale: Locale;
  name: string;
  kind: AccountMailKind;
  link: string;
  params?: Record<string, string | number>;
}

export function createMailService(mailer: Mailer, sites: SitesService) {
  return {
    async sendAccountMail(mail: AccountMail) {
      const company = await sites.companyInfo(mail.site);
      const rendered = renderAccountMail({
        kind: mail.kind,
        locale: mail.locale,
        siteName: mail.site.name,
        companyName: company.name,
        name: mail.name,
        link: mail.link,
        params: mail.params,
      });
      await mailer.send({
        siteId: mail.site.id,
        from: { name: mail.site.settings.mail_name, address: mail.site.settings.support_email },
        to: mail.to,
        ...rendered,
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

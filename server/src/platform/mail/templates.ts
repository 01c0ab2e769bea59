/**
 * Every mail in the member's language, as plain text and as responsive HTML: one layout (site
 * name, greeting, text, one button, footer with the company's details) for account mails and
 * notification mails; notification mails add where to change or stop them.
 */
import type { CompanyInfo, Locale } from '@amora/common';
import { translator } from '../i18n.js';

export type AccountMailKind =
  | 'activate'
  | 'reset'
  | 'mail_change'
  | 'mail_changed'
  | 'reactivate'
  | 'new_device'
  | 'staff_invitation'
  | 'staff_locked'
  | 'complaint'
  | 'payment_refused'
  | 'photo_rejected'
  | 'statement_reporter'
  | 'statement_subject'
  | 'statement_complaint'
  | 'statement_initiative'
  | 'appeal_decided'
  | 'export_ready';
export type NotificationMailKind = 'messages' | 'likes' | 'match' | 'unread_reminder' | 'weekly_update' | 'reminder';

export interface MailFrame {
  locale: Locale;
  siteName: string;
  company: CompanyInfo;
  /** Whom the mail greets; null greets no one by name (see MailTo.name). */
  name: string | null;
  link: string;
  params?: Record<string, string | number>;
}

/** Where a notification mail's reader changes which mails they get, and the one-click stop. */
export interface UnsubscribeLinks {
  settings: string;
  unsubscribe: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface MailContent {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  outro: string;
  footer: string[];
  link: string;
  unsubscribe?: { text: string; settingsLabel: string; unsubscribeLabel: string; links: UnsubscribeLinks };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function companyLine(company: CompanyInfo): string {
  return [company.name, company.address, [company.city, company.country].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' · ');
}

function content(kind: AccountMailKind | NotificationMailKind, frame: MailFrame): Omit<MailContent, 'unsubscribe'> {
  const t = translator(frame.locale);
  const values = { site: frame.siteName, ...(frame.name !== null && { name: frame.name }), ...frame.params };
  return {
    subject: t(`mail:${kind}.subject`, values),
    greeting: frame.name === null ? t('mail:greeting_generic') : t('mail:greeting', values),
    intro: t(`mail:${kind}.intro`, values),
    button: t(`mail:${kind}.button`, values),
    outro: t(`mail:${kind}.outro`, values),
    // A mail may say why it came in its own words (a complaint's sender may have no account).
    footer: [
      t([`mail:${kind}.footer`, 'mail:footer'], { site: frame.siteName, company: frame.company.name }),
      companyLine(frame.company),
    ],
    link: frame.link,
  };
}

function renderText(mail: MailContent): string {
  const lines = [mail.greeting, '', mail.intro, '', `${mail.button}: ${mail.link}`];
  if (mail.outro) lines.push('', mail.outro);
  lines.push('', '--', ...mail.footer);
  if (mail.unsubscribe) {
    const { text, settingsLabel, unsubscribeLabel, links } = mail.unsubscribe;
    lines.push('', text, `${settingsLabel}: ${links.settings}`, `${unsubscribeLabel}: ${links.unsubscribe}`);
  }
  return lines.join('\n');
}

function renderHtml(mail: MailContent, locale: Locale, siteName: string): string {
  const e = escapeHtml;
  const outro = mail.outro ? `<p style="margin:0 0 16px">${e(mail.outro)}</p>` : '';
  const unsubscribe = mail.unsubscribe
    ? `<p style="margin:12px 0 0">${e(mail.unsubscribe.text)} <a href="${e(mail.unsubscribe.links.settings)}" style="color:#5b5878">${e(mail.unsubscribe.settingsLabel)}</a> · <a href="${e(mail.unsubscribe.links.unsubscribe)}" style="color:#5b5878">${e(mail.unsubscribe.unsubscribeLabel)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${e(mail.subject)}</title>
<style>@media (max-width:600px){.outer{padding:0!important}.card{border-radius:0!important}.pad{padding:20px!important}.button{display:block!important;text-align:center!important}}</style>
</head>
<body style="margin:0;padding:0;background:#f4f5fb;font-family:Arial,Helvetica,sans-serif;color:#1d1a3a;-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden">${e(mail.intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fb"><tr><td align="center" class="outer" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="card" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td class="pad" style="padding:22px 28px;background:#1d1a3a;border-radius:12px 12px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${e(siteName)}</td></tr>
<tr><td class="pad" style="padding:28px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${e(mail.greeting)}</p>
<p style="margin:0 0 16px">${e(mail.intro)}</p>
<p style="margin:28px 0;text-align:center"><a class="button" href="${e(mail.link)}" style="background:#0f9d94;color:#ffffff;padding:14px 28px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${e(mail.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5b5878;word-break:break-all">${e(mail.link)}</p>
${outro}</td></tr>
<tr><td class="pad" style="padding:16px 28px;font-size:12px;line-height:1.5;color:#5b5878;border-top:1px solid #e6e5f0">
${mail.footer.map((line) => `<p style="margin:0">${e(line)}</p>`).join('\n')}
${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
}

function render(mail: MailContent, frame: MailFrame): RenderedMail {
  return { subject: mail.subject, text: renderText(mail), html: renderHtml(mail, frame.locale, frame.siteName) };
}

export function renderAccountMail(kind: AccountMailKind, frame: MailFrame): RenderedMail {
  return render(content(kind, frame), frame);
}

export function renderNotificationMail(
  kind: NotificationMailKind,
  frame: MailFrame,
  links: UnsubscribeLinks,
): RenderedMail {
  const t = translator(frame.locale);
  return render(
    {
      ...content(kind, frame),
      unsubscribe: {
        text: t('mail:unsubscribe.text'),
        settingsLabel: t('mail:unsubscribe.settings'),
        unsubscribeLabel: t('mail:unsubscribe.stop'),
        links,
      },
    },
    frame,
  );
}

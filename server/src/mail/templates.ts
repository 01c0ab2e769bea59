/** Account mails in the member's language, as text and HTML. */
import type { Locale } from '@amora/common';
import { translator } from '../i18n.js';

export type AccountMailKind = 'activate' | 'reset' | 'mail_change' | 'mail_changed' | 'reactivate';

export interface AccountMailInput {
  kind: AccountMailKind;
  locale: Locale;
  siteName: string;
  companyName: string;
  name: string;
  link: string;
  params?: Record<string, string | number>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderAccountMail(input: AccountMailInput) {
  const t = translator(input.locale);
  const values = { site: input.siteName, name: input.name, ...input.params };
  const subject = t(`mail:${input.kind}.subject`, values);
  const greeting = t('mail:greeting', values);
  const intro = t(`mail:${input.kind}.intro`, values);
  const button = t(`mail:${input.kind}.button`, values);
  const outro = t(`mail:${input.kind}.outro`, values);
  const footer = t('mail:footer', { site: input.siteName, company: input.companyName });

  const text = [greeting, '', intro, '', `${button}: ${input.link}`, '', outro, '', '--', footer].join('\n');
  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f5fb;font-family:Arial,Helvetica,sans-serif;color:#1d1a3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="padding:24px 28px;background:#1d1a3a;border-radius:12px 12px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(input.siteName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(input.link)}" style="background:#0f9d94;color:#ffffff;padding:14px 28px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#5b5878;word-break:break-all">${escapeHtml(input.link)}</p>
<p>${escapeHtml(outro)}</p>
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#5b5878;border-top:1px solid #e6e5f0">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

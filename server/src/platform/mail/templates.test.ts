/**
 * Every mail in every locale renders whole: no missing text or placeholder, the link in both
 * parts, the company's details, names escaped in HTML, and the unsubscribe links in notifications.
 */
import { type CompanyInfo, LOCALES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  type AccountMailKind,
  type NotificationMailKind,
  renderAccountMail,
  renderNotificationMail,
} from './templates.js';

const company: CompanyInfo = {
  name: 'Amora Media B.V.',
  address: 'Herengracht 100',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: [],
  vat_numbers: [],
  support_phone: '',
  delete_discount: 0,
  added: '2026-01-01',
};
const ACCOUNT_KINDS: AccountMailKind[] = [
  'activate',
  'reset',
  'mail_change',
  'mail_changed',
  'reactivate',
  'export_ready',
];
const NOTIFICATION_KINDS: NotificationMailKind[] = [
  'messages',
  'likes',
  'match',
  'unread_reminder',
  'weekly_update',
  'reminder',
];
const link = 'https://amora.test/chats?x=1&y=2';
const links = { settings: 'https://amora.test/notifications', unsubscribe: 'https://amora.test/unsubscribe?u=1&s=abc' };
const params = {
  count: 3,
  sender: 'Anna <b>',
  liker: 'Anna <b>',
  other: 'Anna <b>',
  days: 14,
  new_email: 'n@x.test',
  support: 's@x.test',
  date: '4 December 2026',
};

function expectWhole(mail: { subject: string; text: string; html: string }, locale: string) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(/\{\{|mail:[a-z_]+\.[a-z_]+|undefined/);
  }
  expect(mail.text).toContain(link);
  expect(mail.html).toContain('href="https://amora.test/chats?x=1&#38;y=2"');
  expect(mail.html).toContain(`<html lang="${locale}">`);
  expect(mail.html).toContain('name="viewport"');
  expect(mail.text).toContain('Amora Media B.V. · Herengracht 100 · Amsterdam, NL');
  expect(mail.html).not.toContain('<b>');
}

describe('mail templates', () => {
  for (const locale of LOCALES) {
    it(`renders every account and notification mail in ${locale}`, () => {
      const frame = { locale, siteName: 'Amora', company, name: 'Noor', link, params };
      for (const kind of ACCOUNT_KINDS) expectWhole(renderAccountMail(kind, frame), locale);
      for (const kind of NOTIFICATION_KINDS) {
        const mail = renderNotificationMail(kind, frame, links);
        expectWhole(mail, locale);
        expect(mail.text).toContain(links.settings);
        expect(mail.text).toContain(links.unsubscribe);
        expect(mail.html).toContain(`href="${links.unsubscribe.replace('&', '&#38;')}"`);
      }
    });
  }

  for (const locale of LOCALES) {
    it(`greets no one by name in ${locale} when there is no name to trust`, () => {
      const frame = { locale, siteName: 'Amora', company, name: null, link, params: { number: 7, category: 'x' } };
      const mail = renderAccountMail('complaint', frame);
      expectWhole(mail, locale);
      const named = renderAccountMail('complaint', { ...frame, name: 'Noor' });
      expect(named.text).toContain('Noor');
      expect(mail.text.split('\n')[0]).not.toBe(named.text.split('\n')[0]);
    });
  }

  it('tells where an activation mail may have landed (SPEC §9)', () => {
    const frame = { locale: 'en' as const, siteName: 'Amora', company, name: null, link };
    expect(renderAccountMail('activate', frame).text).toContain('spam or junk folder');
  });

  it('uses the plural form the count asks for', () => {
    const frame = { locale: 'en' as const, siteName: 'Amora', company, name: 'Noor', link, params: { sender: 'Anna' } };
    expect(renderNotificationMail('messages', { ...frame, params: { ...frame.params, count: 1 } }, links).subject).toBe(
      'Anna sent you a message',
    );
    expect(renderNotificationMail('messages', { ...frame, params: { ...frame.params, count: 4 } }, links).subject).toBe(
      'You have 4 new messages',
    );
  });
});

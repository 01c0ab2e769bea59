import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlinePageHtml } from './offline-page';

describe('the offline page', () => {
  it('carries the offline texts of every locale, English shown until offline.js picks the cookie’s', () => {
    const html = offlinePageHtml();
    for (const locale of fs.readdirSync('common/locales')) {
      const { offline } = JSON.parse(fs.readFileSync(`common/locales/${locale}/app.json`, 'utf8'));
      expect(html).toContain(`<section lang="${locale}"${locale === 'en' ? '' : ' hidden'}>`);
      expect(html).toContain(`<h1>${offline.title.replace(/'/g, '&#39;')}</h1>`);
    }
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<script src="/offline.js"></script>');
  });
});

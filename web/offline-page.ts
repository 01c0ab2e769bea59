/**
 * Builds /offline.html, which the service worker shows for a page that cannot load offline: the
 * texts of every locale from the catalogues (app.json `offline`), the visitor's one chosen by
 * /offline.js from the lang cookie. No inline script, so the site's Content-Security-Policy holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../common/locales');
const DEFAULT_LOCALE = 'en';

interface OfflineTexts {
  title: string;
  body: string;
  retry: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function offlineTexts(): [string, OfflineTexts][] {
  return fs
    .readdirSync(LOCALES_DIR)
    .sort()
    .map((locale) => {
      const app = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, 'app.json'), 'utf8'));
      return [locale, app.offline as OfflineTexts];
    });
}

export function offlinePageHtml(): string {
  const sections = offlineTexts()
    .map(
      ([locale, texts]) => `<section lang="${locale}"${locale === DEFAULT_LOCALE ? '' : ' hidden'}>
  <h1>${escapeHtml(texts.title)}</h1>
  <p>${escapeHtml(texts.body)}</p>
  <button type="button" class="retry">${escapeHtml(texts.retry)}</button>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${DEFAULT_LOCALE}">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="theme-color" content="#1d1a3a" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<link rel="stylesheet" href="/offline.css" />
<title>Offline</title>
</head>
<body>
<main>
<img src="/favicon.svg" alt="" width="72" height="72" />
${sections}
</main>
<script src="/offline.js"></script>
</body>
</html>
`;
}

export function offlinePage(): Plugin {
  return {
    name: 'amora-offline-page',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePageHtml() });
    },
  };
}

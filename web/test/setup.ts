/**
 * Set up once per test file of the `web` project: the app's real translator in English, with the
 * catalogues the server would put in the page and the back office's, and a clean page, network and
 * storage after each test.
 */
import { WEB_NAMESPACES } from '@amora/common';

type WebNamespace = (typeof WEB_NAMESPACES)[number];

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../src/i18n';

const english = import.meta.glob<Record<string, unknown>>('../../common/locales/en/*.json', {
  eager: true,
  import: 'default',
});
/** The web app's namespaces in English, as the server puts them in the page. */
const catalogues = {
  en: Object.fromEntries(
    WEB_NAMESPACES.map((namespace) => [namespace, english[`../../common/locales/en/${namespace}.json`] ?? {}]),
  ) as Record<WebNamespace, Record<string, unknown>>,
};

await initI18n({ locale: 'en', catalogues });
// A screen in another language waits for its catalogue, loaded on first use: on two cores shared
// with other work that can take over the library's one second.
configure({ asyncUtilTimeout: 3000 });
// The back office's words, which its layout loads (features/staff/shared/words.ts), ready for its pages.
i18n.addResourceBundle('en', 'staff', english['../../common/locales/en/staff.json'] ?? {});
// The client loads the schemas with its first call; loaded here, that first call is as quick as the rest.
await import('@amora/common/schemas');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

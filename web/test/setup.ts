/**
 * Set up once per test file of the `web` project: the app's real translator in English, with the
 * catalogues the server would put in the page, and a clean page, network and storage after each test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../src/i18n';

const english = import.meta.glob<Record<string, unknown>>('../../common/locales/en/*.json', {
  eager: true,
  import: 'default',
});
const catalogues = {
  en: Object.fromEntries(
    Object.entries(english).map(([file, texts]) => [file.replace(/^.*\/(\w+)\.json$/, '$1'), texts]),
  ),
};

await initI18n({ locale: 'en', catalogues });
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

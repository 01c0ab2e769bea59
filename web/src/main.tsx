import './styles/theme.scss';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstAnswerInPage, keepFirstAnswer } from './api/first-answer';
import { fetchSettings, queryKeys } from './api/hooks';
import { App } from './app/App';
import { installChunkReloadGuard } from './app/chunk-reload';
import { registerServiceWorker } from './app/push';
import { initI18n } from './i18n';
import { rememberTracking } from './pages/accounts/tracking';

installChunkReloadGuard();
rememberTracking(location.search);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * The server puts the first answers and the texts in the page. Without them (Vite's dev server, a
 * path the app has no page for), settings.php is asked first: it sets the locale cookie from the
 * site's domain_language on a first visit, so it comes before the catalogues are chosen.
 *
 * Not a top-level await: the chunks a call loads (the schemas) import from this one, and would wait
 * for it to finish while it waits for them.
 */
async function start() {
  const inPage = firstAnswerInPage();
  if (inPage) {
    keepFirstAnswer(queryClient, inPage);
  } else {
    const settings = await fetchSettings().catch(() => null);
    if (settings) queryClient.setQueryData(queryKeys.settings, settings);
  }
  await initI18n(inPage ?? undefined);

  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();

import './styles/theme.scss';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { firstAnswerInPage, keepFirstAnswer } from './api/first-answer';
import { fetchSettings, queryKeys } from './api/hooks';
import { App } from './app/App';
import { loadMemberChrome } from './app/layouts/member-chrome';
import { withFirstPage } from './app/router';
import { rememberTracking } from './features/accounts/tracking';
import { registerServiceWorker } from './features/notifications/push';
import { initI18n } from './i18n';
import { installChunkReloadGuard } from './shared/chunk-reload';

installChunkReloadGuard();
rememberTracking(location.search);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** After the browser's next paint. */
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * The server puts the first answers and the texts in the page. Without them (Vite's dev server, a
 * path the app has no page for), settings.php is asked first: it sets the locale cookie from the
 * site's domain_language on a first visit, so it comes before the catalogues are chosen.
 *
 * Not a top-level await: the chunks a call loads (the schemas) import from this one, and would wait
 * for it to finish while it waits for them.
 *
 * The first screen's page is loaded before the first render, which then draws the whole screen:
 * where the server rendered it (a visitor's home page, /members, the static pages), the same.
 */
async function start() {
  const inPage = firstAnswerInPage();
  if (inPage) {
    keepFirstAnswer(queryClient, inPage);
  } else {
    const settings = await fetchSettings().catch(() => null);
    if (settings) queryClient.setQueryData(queryKeys.settings, settings);
  }
  const [routes] = await Promise.all([
    withFirstPage(location.pathname),
    initI18n(inPage ?? undefined),
    // A member's page draws the member's parts with the rest; failing, they come when they can.
    inPage?.user ? loadMemberChrome().catch(() => undefined) : undefined,
  ]);
  const router = createBrowserRouter(routes);

  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  const app = (
    <StrictMode>
      <App queryClient={queryClient} navigate={(path) => void router.navigate(path)}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    // The server's screen is painted first; taking it over is a long task a phone would otherwise paint after.
    await nextPaint();
    hydrateRoot(root, app);
  } else createRoot(root).render(app);
  registerServiceWorker();
}

void start();

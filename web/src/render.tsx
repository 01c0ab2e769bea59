/**
 * The server's render of a page's first screen (server/src/http/app-page.ts loads the build of this
 * file): the app as the browser would draw it from the same first answer, which the browser then
 * hydrates (main.tsx).
 */
import type { AppFirstAnswer } from '@amora/common';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { keepFirstAnswer } from './api/first-answer';
import { App } from './app/App';
import { routes } from './app/router';
import { I18nextProvider, pageI18n } from './i18n';

const handler = createStaticHandler(routes);

/**
 * The HTML of `screen` once every part of it has loaded. A part that fails fails the whole render:
 * the browser then draws the screen itself, instead of taking over a spinner. React's preloads of
 * the screen's photos are left out: the page's head already preloads those a phone shows first.
 */
async function renderWhole(screen: ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(screen, {
    onError: (error) => {
      failure ??= error;
    },
  });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (failure) throw failure;
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
}

/** The HTML of `path`'s first screen (with its query), or null where the router answers with a redirect. */
export async function renderFirstScreen(path: string, answer: AppFirstAnswer): Promise<string | null> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  keepFirstAnswer(queryClient, answer);
  return renderWhole(
    <I18nextProvider i18n={pageI18n(answer)}>
      <App queryClient={queryClient} navigate={(to) => void router.navigate(to)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </I18nextProvider>,
  );
}

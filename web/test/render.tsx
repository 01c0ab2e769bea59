/**
 * Renders a screen as the app does: the query cache with the app's defaults (web/src/main.tsx), a
 * router at a given address, the real translator (set up in English by setup.ts), and a user who
 * types and clicks. The address the app is at shows in `location()`.
 */
import type { Settings, User } from '@amora/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';

/** A cache as web/src/main.tsx makes it. */
export const appQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });

function Address() {
  const { pathname, search } = useLocation();
  return (
    <div data-testid="address" hidden>
      {`${pathname}${search}`}
    </div>
  );
}

export interface RenderOptions {
  /** The address the screen is opened at. */
  at?: string;
  /** The route pattern the screen answers to; other addresses render nothing but the address. */
  route?: string;
  /** Answers the app already has, as the server puts them in the page. */
  settings?: Settings;
  user?: User | null;
  queryClient?: QueryClient;
  /** A layout route around the screen, such as RequireMember. */
  layout?: ReactElement;
}

export function renderScreen(
  ui: ReactElement,
  { at = '/', route, settings, user, queryClient, layout }: RenderOptions = {},
) {
  const client = queryClient ?? appQueryClient();
  if (settings) client.setQueryData(['settings'], settings);
  if (user !== undefined) client.setQueryData(['user'], user);
  const path = route ?? new URL(at, 'http://localhost').pathname;
  const events = userEvent.setup({ delay: null });
  // A data router, as the app has: screens that ask before leaving (useBlocker) need one.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Address />
          </>
        ),
        children: [
          layout ? { element: layout, children: [{ path, element: ui }] } : { path, element: ui },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...result,
    events,
    queryClient: client,
    router,
    /** Where the app is now, path and query. */
    location: () => result.getByTestId('address').textContent,
  };
}

/** Runs a hook inside the same providers as a screen. */
export function renderHookInApp<Result>(hook: () => Result, options: RenderOptions = {}) {
  const client = options.queryClient ?? appQueryClient();
  if (options.settings) client.setQueryData(['settings'], options.settings);
  if (options.user !== undefined) client.setQueryData(['user'], options.user);
  let address = '';
  function Spy() {
    const { pathname, search } = useLocation();
    address = `${pathname}${search}`;
    return null;
  }
  const result = renderHook(hook, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[options.at ?? '/']}>
          {children}
          <Spy />
        </MemoryRouter>
      </QueryClientProvider>
    ),
  });
  return { ...result, queryClient: client, location: () => address };
}

/** What a screen reader says about a field besides its name: the texts its aria-describedby points at. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/**
 * A stand-in for the server at the network boundary: `fetch` answers from a table of routes, the way
 * the API would, and every request the app sent is kept to be looked at.
 */
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body as sent, parsed; a FormData as it is. */
  body: unknown;
  headers: Headers;
}

type Reply = Response | object;
export type Handler = (request: SentRequest) => Reply | Promise<Reply>;
/** `'POST /api/signup.php'`: a handler, or the JSON body of a 200 answer. */
export type Routes = Record<string, Handler | object>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An error answer as the server writes it: a catalogue code, its text, and maybe per-field messages. */
export const apiError = (
  status: number,
  error: string,
  message: string,
  fields?: Record<string, { code: string; message: string }>,
) => json({ error, message, ...(fields && { fields }) }, status);

/** A promise settled from outside: an answer that arrives when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Installs the stand-in as `fetch`; unknown routes answer 404 not_found, as the server does. */
export function fakeServer(routes: Routes = {}) {
  const requests: SentRequest[] = [];
  const table: Routes = { ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const route = table[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, 'not_found', `Nothing at ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? await route(request) : route;
    return reply instanceof Response ? reply : json(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests sent to one route, e.g. `sent('PUT /api/profile.php')`. */
    sent: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
    /** Adds or replaces a route. */
    on: (route: string, reply: Handler | object) => {
      table[route] = reply;
    },
  };
}

/** Lets every retry's wait pass at once, and returns how the call ended. */
export async function withRetries<T>(call: () => Promise<T>) {
  vi.useFakeTimers();
  const settled = call().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

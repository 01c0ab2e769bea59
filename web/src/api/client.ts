/**
 * The HTTP client of SPEC §7 over the route table in common: `api(route, input)`, JSON in and out,
 * the client request-type header on every call, and up to 5 retries with exponential delay for
 * calls that are safe to repeat, or after the time a busy server's 503 asks (Retry-After). Every
 * answer is checked against its route's schema.
 */
import {
  type ApiErrorBody,
  type FieldErrors,
  HTTP_RETRIES,
  REQUEST_TYPE_CLIENT,
  REQUEST_TYPE_HEADER,
} from '@amora/common';
import type { RouteAnswer, RouteDefinition, RouteInput, RouteQueryInput, SchemaName } from '@amora/common/routes/route';
import type * as Schemas from '@amora/common/schemas';
import type { z } from 'zod';
import { i18n } from '../i18n';

type SchemaModule = typeof Schemas;
type AnswerName = SchemaName;
type Answer<Name extends AnswerName> = z.output<SchemaModule[Name]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    readonly body: Partial<ApiErrorBody> = {},
  ) {
    super(message);
  }
}

/** A call that reached no server (offline, a dropped connection), or code that never arrived. */
export const networkError = () => new ApiError(0, 'network_error', i18n.t('common.networkError'));

/**
 * zod and the schemas are a chunk of their own, loaded with the first call and beside its fetch:
 * the first screen renders without them, since its answers come in the page, which the server
 * checked against the same schemas (server/src/http/app-page.ts). Building the schemas costs a
 * phone about as much as rendering that screen.
 */
function loadSchemas(): Promise<SchemaModule> {
  const loading = import('@amora/common/schemas').catch(() => {
    throw networkError();
  });
  // A call refused or cut off never reads its answer; the failure to load counts where one does.
  loading.catch(() => undefined);
  return loading;
}

type Listener = () => void;
const authLostListeners = new Set<Listener>();

/** Called when a call answers 403 authentication_required, i.e. the session is gone. */
export function onAuthenticationLost(listener: Listener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

const RETRY_BASE_MS = 300;
/** The longest a retry waits on a server's Retry-After. */
const RETRY_AFTER_MAX_MS = 10_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long to wait before trying again: what a 503's Retry-After (in seconds) asks, capped and
 * spread by up to half again, so the apps a busy server refused together do not return together;
 * otherwise a delay that doubles with each attempt.
 */
function retryDelay(response: Response | null, attempt: number): number {
  const retryAfter = response?.status === 503 ? response.headers.get('retry-after')?.trim() : undefined;
  // Seconds; a date (which Amora never sends) is left to the doubling delay.
  const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
  if (!(seconds >= 0)) return RETRY_BASE_MS * 2 ** attempt;
  return Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) * (1 + Math.random() / 2);
}

/**
 * The server's error; a 503 (busy or away for a moment, maybe from a proxy that sends no JSON) in
 * the app's own calm words, in the language it shows.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  if (response.status === 503)
    return new ApiError(503, 'service_unavailable', i18n.t('errors:service_unavailable'), {}, body);
  return new ApiError(
    response.status,
    body.error ?? 'server_error',
    body.message ?? response.statusText,
    body.fields,
    body,
  );
}

/**
 * A server that answers outside the contract fails here, loudly, instead of rendering garbage
 * further on: the console names the call and the fields that differ.
 */
async function parseAnswer<Name extends AnswerName>(
  response: Response,
  schemas: Promise<SchemaModule>,
  name: Name,
  path: string,
): Promise<Answer<Name>> {
  const body: unknown = await response.json().catch(() => undefined);
  const schema: z.ZodType = (await schemas)[name];
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as Answer<Name>;
  console.error(`${path} answered outside its schema`, parsed.error.issues);
  throw new ApiError(response.status, 'bad_response', i18n.t('common.badResponse'));
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | string[] | undefined>;
  /** JSON, or FormData for an upload. */
  body?: unknown;
  /** Repeat on network failure or a 5xx answer; only for calls a retry cannot double. */
  retry?: boolean;
}

async function request<Name extends AnswerName>(
  path: string,
  answer: Name,
  { method = 'GET', query, body, retry = method === 'GET' }: RequestOptions = {},
): Promise<Answer<Name>> {
  const schemas = loadSchemas();
  const params = new URLSearchParams(
    Object.entries(query ?? {}).flatMap(([key, value]) =>
      value === undefined ? [] : [value].flat().map((each): [string, string] => [key, each]),
    ),
  );
  const url = params.size > 0 ? `${path}?${params}` : path;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT,
      ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
    },
    body: body === undefined || body instanceof FormData ? (body as FormData | undefined) : JSON.stringify(body),
  };
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    try {
      response = await fetch(url, init);
    } catch {
      if (!retry || attempt >= HTTP_RETRIES) throw networkError();
    }
    if (response?.ok) return parseAnswer(response, schemas, answer, path);
    if (response && (response.status < 500 || !retry || attempt >= HTTP_RETRIES)) {
      const error = await toApiError(response);
      if (error.code === 'authentication_required' && !path.startsWith('/api/user.php')) {
        for (const listener of authLostListeners) listener();
      }
      throw error;
    }
    await wait(retryDelay(response, attempt));
  }
}

/** The query string of a GET: each value as text, a list as the parameter repeated, what is unset left out. */
function queryOf(input: unknown): Record<string, string | string[]> {
  const entries = Object.entries((input ?? {}) as Record<string, unknown>).flatMap(([key, value]) =>
    value === undefined || value === null ? [] : [[key, Array.isArray(value) ? value.map(String) : String(value)]],
  );
  return Object.fromEntries(entries);
}

/**
 * The input of a route that takes none is left out: `api(likeRoutes.likes)`. A call that sends a
 * body and a query takes the query after the body: `api(sessionRoutes.savePushSubscription, body, { push: '1' })`.
 */
type InputArgs<Route extends RouteDefinition> =
  RouteInput<Route> extends undefined
    ? []
    : RouteQueryInput<Route> extends undefined
      ? [RouteInput<Route>]
      : [RouteInput<Route>, RouteQueryInput<Route>?];

/**
 * Calls a route of the table in common: `api(likeRoutes.like, { profile_id })`. The input is the
 * route's body (JSON, or a FormData where it takes a form), a File for an upload, or its query for a
 * route without a body: a GET, or a one-click POST, which sends an empty body. A query beside a body
 * or a file comes after it. The answer is checked against the route's schema. Only a GET, or a
 * route whose body carries its own idempotency key, is retried.
 */
export function api<Route extends RouteDefinition>(
  route: Route,
  ...[input, query]: InputArgs<Route>
): Promise<RouteAnswer<Route>> {
  const retry = route.retry === true || route.method === 'GET';
  const answer = route.response as AnswerName;
  const { method, path } = route;
  if (!route.body && !route.upload) {
    const body = method === 'GET' ? undefined : {};
    return request(path, answer, { method, query: queryOf(input), body, retry }) as Promise<RouteAnswer<Route>>;
  }
  let body: unknown = input;
  if (route.upload) {
    body = new FormData();
    (body as FormData).append('file', input as File);
  }
  return request(path, answer, { method, query: queryOf(query), body, retry }) as Promise<RouteAnswer<Route>>;
}

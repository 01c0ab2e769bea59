/**
 * The HTTP client of SPEC §7: JSON in and out, the client request-type header on every
 * call, and up to 5 retries with exponential delay for calls that are safe to repeat. Every
 * answer is checked against its schema from @amora/common.
 */
import {
  type ApiErrorBody,
  type FieldErrors,
  HTTP_RETRIES,
  REQUEST_TYPE_CLIENT,
  REQUEST_TYPE_HEADER,
} from '@amora/common';
import type { z } from 'zod';
import { i18next } from '../i18n';

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

type Listener = () => void;
const authLostListeners = new Set<Listener>();

/** Called when a call answers 403 authentication_required, i.e. the session is gone. */
export function onAuthenticationLost(listener: Listener): () => void {
  authLostListeners.add(listener);
  return () => authLostListeners.delete(listener);
}

const RETRY_BASE_MS = 300;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
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
async function parseAnswer<Schema extends z.ZodType>(
  response: Response,
  schema: Schema,
  path: string,
): Promise<z.output<Schema>> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error(`${path} answered outside its schema`, parsed.error.issues);
  throw new ApiError(response.status, 'bad_response', i18next.t('common.badResponse'));
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | undefined>;
  /** JSON, or FormData for an upload. */
  body?: unknown;
  /** Repeat on network failure or a 5xx answer; only for calls a retry cannot double. */
  retry?: boolean;
}

async function request<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  { method = 'GET', query, body, retry = method === 'GET' }: RequestOptions = {},
): Promise<z.output<Schema>> {
  const params = new URLSearchParams(
    Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
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
    } catch (error) {
      if (!retry || attempt >= HTTP_RETRIES) throw new ApiError(0, 'network_error', String(error));
    }
    if (response?.ok) return parseAnswer(response, schema, path);
    if (response && (response.status < 500 || !retry || attempt >= HTTP_RETRIES)) {
      const error = await toApiError(response);
      if (error.code === 'authentication_required' && !path.startsWith('/api/user.php')) {
        for (const listener of authLostListeners) listener();
      }
      throw error;
    }
    await wait(RETRY_BASE_MS * 2 ** attempt);
  }
}

/** Each call names the schema of its answer, e.g. `api.get('/api/likes.php', likesResponse)`. */
export const api = {
  get: <Schema extends z.ZodType>(path: string, schema: Schema, query?: RequestOptions['query']) =>
    request(path, schema, { query }),
  /** `retry` only where the body carries its own idempotency key, such as a message's client_id. */
  post: <Schema extends z.ZodType>(path: string, schema: Schema, body: unknown = {}, { retry = false } = {}) =>
    request(path, schema, { method: 'POST', body, retry }),
  put: <Schema extends z.ZodType>(path: string, schema: Schema, body: unknown) =>
    request(path, schema, { method: 'PUT', body }),
  delete: <Schema extends z.ZodType>(path: string, schema: Schema, body: unknown) =>
    request(path, schema, { method: 'DELETE', body }),
  upload: <Schema extends z.ZodType>(path: string, schema: Schema, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request(path, schema, { method: 'POST', body });
  },
};

/**
 * The calls a lander makes: JSON in and out with the client request-type header, and a few
 * retries of reads that failed on the way (the app retries 5 times; a lander has less to wait for).
 */
import type { ApiErrorBody } from '@amora/common';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '../../../common/src/constants';

export class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody>,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

const READ_RETRIES = 3;
const RETRY_BASE_MS = 300;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(path: string, init: RequestInit, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(path, {
        ...init,
        credentials: 'same-origin',
        headers: { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT, accept: 'application/json', ...init.headers },
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) return body as T;
      if (response.status < 500 || attempt >= retries) throw new CallFailed(response.status, body);
    } catch (error) {
      if (error instanceof CallFailed || attempt >= retries) throw error;
    }
    await wait(RETRY_BASE_MS * 2 ** attempt);
  }
}

export function getJson<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(defined).toString();
  return call<T>(search ? `${path}?${search}` : path, { method: 'GET' }, READ_RETRIES);
}

/** A change is sent once: a retry could sign up twice. */
export function postJson<T>(path: string, body: unknown): Promise<T> {
  return call<T>(
    path,
    { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    0,
  );
}

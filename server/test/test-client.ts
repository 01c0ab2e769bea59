/**
 * The API tests' browser: a client that keeps cookies between calls and comes from its own address,
 * and the multipart bodies a browser's FormData sends.
 */
import { randomBytes } from 'node:crypto';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@amora/common';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type Response = LightMyRequestResponse;

interface CallOptions {
  headers?: Record<string, string>;
  /** Sends the x-request-type: client header, as the web app does on every call; on by default. */
  clientHeader?: boolean;
}

export interface ClientOptions {
  /** The Host header, i.e. which site is asked. */
  host?: string;
  cookies?: Record<string, string>;
  /** The visitor's address; random unless given, so rate limits count per client. */
  remoteAddress?: string;
}

export interface TestClient {
  get(url: string, options?: CallOptions): Promise<Response>;
  /** `body` is JSON, or a raw payload (e.g. from multipartFile) with its content-type in `options.headers`. */
  post(url: string, body?: object | Buffer, options?: CallOptions): Promise<Response>;
  put(url: string, body?: object, options?: CallOptions): Promise<Response>;
  patch(url: string, body?: object, options?: CallOptions): Promise<Response>;
  delete(url: string, body?: object, options?: CallOptions): Promise<Response>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string | null): void;
}

type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser-like client: keeps cookies between calls and comes from its own address. */
export function client(app: FastifyInstance, options: ClientOptions = {}): TestClient {
  const jar = new Map(Object.entries(options.cookies ?? {}));
  // Rate limits count per address, so every client is a different visitor.
  const remoteAddress = options.remoteAddress ?? `10.${[...randomBytes(3)].join('.')}`;

  async function call(method: TestMethod, url: string, body: object | Buffer | undefined, call: CallOptions = {}) {
    const headers: Record<string, string> = { ...call.headers };
    if (options.host) headers.host = options.host;
    if (call.clientHeader ?? true) headers[REQUEST_TYPE_HEADER] = REQUEST_TYPE_CLIENT;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress,
      cookies: Object.fromEntries(jar),
      ...(body !== undefined && { payload: body }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  return {
    get: (url, callOptions) => call('GET', url, undefined, callOptions),
    post: (url, body, callOptions) => call('POST', url, body, callOptions),
    put: (url, body, callOptions) => call('PUT', url, body, callOptions),
    patch: (url, body, callOptions) => call('PATCH', url, body, callOptions),
    delete: (url, body, callOptions) => call('DELETE', url, body, callOptions),
    cookie: (name) => jar.get(name),
    setCookie(name, value) {
      if (value === null) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

/** A multipart/form-data body with one file, as a browser's FormData upload sends it. */
export function multipartFile(
  content: Buffer,
  { field = 'file', filename = 'photo.jpg', contentType = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----amora-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with extra text fields before its file, as a browser's FormData sends them. */
export function withFields(
  upload: { payload: Buffer; headers: Record<string, string> },
  fields: Record<string, string>,
) {
  const boundary = upload.headers['content-type']?.split('boundary=')[1] ?? '';
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(head), upload.payload]);
}

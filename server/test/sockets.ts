/** WebSocket clients for the realtime tests: an app's live connection, as a browser opens it. */
import type { AddressInfo } from 'node:net';
import type { ServerPush } from '@amora/common';
import { SESSION_COOKIE } from '@amora/common';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TestClient } from './helpers.js';

export interface TestSocket {
  /** Everything the server pushed so far, in order. */
  received: ServerPush[];
  /** Resolves with the first push (already received or still to come) that `match` accepts. */
  next<T extends ServerPush['type']>(
    type: T,
    match?: (push: Extract<ServerPush, { type: T }>) => boolean,
  ): Promise<Extract<ServerPush, { type: T }>>;
  send(message: object): void;
  /** Sends a text frame as it is, e.g. one over the server's size limit. */
  sendRaw(text: string): void;
  /** Resolves once the socket has closed, with the code and reason the server closed it with. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** The address of an app listening on a free port of this machine (listening now if it was not). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/**
 * Opens /api/ws as `visitor` (its session cookie) for the site at `host`, on an app of this
 * process (listening then) or on the server at a base URL such as `ws://127.0.0.1:<port>` (or its
 * http:// one), e.g. another process's; resolves once the server says the socket is ready, or
 * rejects with the refused handshake's status or the code of a close that came before `ready`.
 */
export async function openSocket(
  server: FastifyInstance | string,
  visitor: TestClient | null,
  {
    host = 'localhost',
    origin = `http://${host}`,
    since,
    headers = {},
  }: {
    host?: string;
    origin?: string;
    since?: number;
    /** More handshake headers, e.g. a proxy's x-forwarded-proto. */
    headers?: Record<string, string>;
  } = {},
): Promise<TestSocket> {
  const base = typeof server === 'string' ? server.replace(/^http/, 'ws') : await listeningUrl(server);
  const url = `${base}/api/ws${since === undefined ? '' : `?since=${since}`}`;
  const session = visitor?.cookie(SESSION_COOKIE);
  const socket = new WebSocket(url, {
    headers: { ...headers, host, origin, ...(session && { cookie: `${SESSION_COOKIE}=${session}` }) },
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const received: ServerPush[] = [];
  const waiters: { accepts: (push: ServerPush) => boolean; resolve: (push: ServerPush) => void }[] = [];
  socket.on('message', (data) => {
    const push = JSON.parse(String(data)) as ServerPush;
    received.push(push);
    for (const waiter of [...waiters]) {
      if (waiter.accepts(push)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(push);
      }
    }
  });
  const handle: TestSocket = {
    received,
    next(type, match = () => true) {
      const accepts = (push: ServerPush) => push.type === type && match(push as never);
      const seen = received.find(accepts);
      if (seen) return Promise.resolve(seen as never);
      return new Promise((resolve) => waiters.push({ accepts, resolve: resolve as (push: ServerPush) => void }));
    },
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (text) => socket.send(text),
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    // The server closes a refused handshake's connection itself; the app's close would wait for it otherwise.
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () => resolve());
  });
  // A connection the server cuts is seen as the close that follows, not as an error that ends the test run.
  socket.on('error', () => {});
  const closedFirst = closed.then(({ code }) => Promise.reject(new Error(`closed: ${code}`)));
  await Promise.race([handle.next('ready'), closedFirst]);
  return handle;
}

/**
 * A tiny load balancer in front of server processes, behaving as nginx does with an active
 * health check and `proxy_next_upstream error`: requests go to the upstreams in turn, skipping
 * one whose GET /healthz did not answer 200 at its last check; a request whose connection was
 * refused or reset before any answer goes to the next upstream. POSTs are passed on too (nginx's
 * `non_idempotent`), which is safe for the calls that are idempotent by a client id.
 * Connections to the upstreams are kept alive, as nginx's `keepalive` keeps them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const HEALTH_CHECK_MS = 100;
const HEALTH_TIMEOUT_MS = 1_000;
/** Errors after which nothing reached the upstream's app, or nothing of its answer came back. */
const RETRIABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
/** Per connection, not end to end: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'];

export interface Upstream {
  port: number;
  /** Which process listens now; answers name it in `x-served-by`. */
  label: string;
}

export interface Balancer {
  port: number;
  /** Requests sent to another upstream after their connection was refused or reset. */
  readonly retries: number;
  close(): Promise<void>;
}

interface Target {
  upstream: Upstream;
  ready: boolean;
  agent: http.Agent;
}

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

function checkHealth(target: Target): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: target.upstream.port, path: '/healthz', agent: false, timeout: HEALTH_TIMEOUT_MS },
      (response) => {
        target.ready = response.statusCode === 200;
        response.resume();
        response.once('end', resolve);
      },
    );
    request.once('timeout', () => request.destroy());
    request.once('error', () => {
      target.ready = false;
      resolve();
    });
  });
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

export async function startBalancer(upstreams: Upstream[]): Promise<Balancer> {
  const targets: Target[] = upstreams.map((upstream) => ({
    upstream,
    ready: true,
    agent: new http.Agent({ keepAlive: true }),
  }));
  let turn = 0;
  let retries = 0;
  let checking = true;

  const healthChecks = (async () => {
    while (checking) {
      await Promise.all(targets.map(checkHealth));
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_MS));
    }
  })();

  /** The next ready upstream not tried yet; when none is ready, any not tried yet, as nginx does. */
  function pick(tried: Set<Target>): Target | undefined {
    const inTurn = targets.map((_, offset) => targets[(turn + offset) % targets.length] as Target);
    const untried = inTurn.filter((target) => !tried.has(target));
    turn += 1;
    return untried.find((target) => target.ready) ?? untried[0];
  }

  function forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tried: Set<Target>) {
    const target = pick(tried);
    if (!target) {
      response.writeHead(502).end();
      return;
    }
    tried.add(target);
    const { label, port } = target.upstream;
    const outgoing = http.request({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.url,
      headers: { ...endToEnd(request.headers), 'content-length': body.length },
      agent: target.agent,
    });
    let answered = false;
    outgoing.once('response', (answer) => {
      answered = true;
      response.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-served-by': label });
      answer.pipe(response);
      answer.once('error', () => response.destroy());
    });
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      if (answered) return response.destroy();
      if (RETRIABLE.has(error.code ?? '') && tried.size < targets.length) {
        retries += 1;
        return forward(request, response, body, tried);
      }
      response.writeHead(502).end();
    });
    outgoing.end(body);
  }

  const server = http.createServer((request, response) => {
    readBody(request).then(
      (body) => forward(request, response, body, new Set()),
      () => response.destroy(),
    );
  });
  // Longer than a test runs: the test's own keep-alive connections never meet a closing balancer.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    get retries() {
      return retries;
    },
    async close() {
      checking = false;
      await healthChecks;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const target of targets) target.agent.destroy();
    },
  };
}

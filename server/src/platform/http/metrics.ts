/**
 * GET /metrics: the instance's metrics (platform/metrics/) in Prometheus' text format, and the
 * timing of every request behind its latency histograms. Only the addresses of METRICS_ALLOW, or
 * a caller with METRICS_TOKEN, may read them; anyone else is answered as for a path that does not
 * exist, so the page gives away nothing, not even that it is there.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type StateSources, watchState } from '../metrics/gauges.js';
import { type Metrics, processMetrics } from '../metrics/registry.js';

export interface MetricsOptions {
  metrics: Metrics;
  /** METRICS_ALLOW: addresses and CIDR ranges, checked against request.ip (TRUST_PROXY decides what that is). */
  allow: string[];
  /** METRICS_TOKEN: opens the page to any address as `Authorization: Bearer <token>`. */
  token: string | null;
  /** Whether TRUST_PROXY names any proxy. */
  trustsProxies: boolean;
  sources: StateSources;
}

const ipVersion = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

function addressList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) list.addAddress(address, ipVersion(address));
    else list.addSubnet(address, Number(bits), ipVersion(address));
  }
  return list;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token, compared in constant time: digests have one length whatever was sent. */
function holdsToken(request: FastifyRequest, token: string | null): boolean {
  const sent = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token !== null && sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * What a request's timing is filed under: its route's pattern, never the URL asked for, so the
 * series stay few. The web app's files are one route; what no route took (a 404, an app page the
 * not-found handler serves) is another.
 */
function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (url === undefined) return '(unrouted)';
  // @fastify/static makes a route of each file it serves and marks it with the file.
  if ((config as { file?: unknown }).file !== undefined) return '(web file)';
  return url;
}

/**
 * A request relayed by a proxy TRUST_PROXY does not name comes from the proxy's address, not its
 * sender's: a proxy on a private address would open the page to the internet. Such a request's
 * address lets nobody in; the token still does.
 */
const relayedByUntrusted = (request: FastifyRequest, trustsProxies: boolean) =>
  !trustsProxies && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined);

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const { metrics, token, trustsProxies, sources } = options;
  watchState(metrics.registry, sources);
  const allowed = addressList(options.allow);
  const allowedAddress = (request: FastifyRequest) =>
    !relayedByUntrusted(request, trustsProxies) &&
    isIP(request.ip) !== 0 &&
    allowed.check(request.ip, ipVersion(request.ip));
  const mayRead = (request: FastifyRequest) => allowedAddress(request) || holdsToken(request, token);

  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true }, config: { unadvertised: true } }, async (request, reply) => {
    if (!mayRead(request)) return reply.callNotFound();
    const process = processMetrics();
    const text = `${await process.metrics()}\n${await metrics.registry.metrics()}`;
    return reply.type(process.contentType).header('cache-control', 'no-store').send(text);
  });
}

/** Global, so its timing hook sees every route: register it before the routes. */
export const metricsRoutes = fp(metricsPlugin, { name: 'metrics' });

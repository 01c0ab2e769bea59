/**
 * Which methods each path answers, learnt from the routes as they are added, so a call with a
 * method its path does not take is told 405 with `Allow` (RFC 9110 §15.5.6), not 404.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods `url`'s path answers; empty when no route has that path. */
    allowedMethods(url: string): string[];
  }
}

async function allowedMethodsPlugin(app: FastifyInstance) {
  const byPath = new Map<string, Set<string>>();
  /** Wildcard routes (`/media/*`) by the prefix they answer. */
  const byPrefix = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    // A route that answers strangers as a path that does not exist (GET /metrics) is not advertised either.
    if ((route.config as { unadvertised?: boolean } | undefined)?.unadvertised) return;
    const wildcard = route.url.endsWith('*');
    const key = wildcard ? route.url.slice(0, -1) : route.url;
    // A catch-all (the web app's files under `/*`) says nothing about which methods a path takes.
    if (wildcard && key === '/') return;
    const table = wildcard ? byPrefix : byPath;
    const methods = table.get(key) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    table.set(key, methods);
  });
  app.decorate('allowedMethods', (url: string) => {
    const pathname = url.split('?', 1)[0] ?? '';
    const methods = new Set(byPath.get(pathname));
    for (const [prefix, each] of byPrefix)
      if (pathname.startsWith(prefix)) for (const method of each) methods.add(method);
    return [...methods].sort();
  });
}

export const allowedMethods = fp(allowedMethodsPlugin, { name: 'allowed-methods' });

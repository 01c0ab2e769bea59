/**
 * Draining: a stopping instance first tells load balancers it is going away (GET /healthz answers
 * 503) while it still serves whatever reaches it meanwhile. Every answer from then on closes its
 * connection, so no kept-alive connection is left for a balancer to reuse as the instance stops
 * listening (http/shutdown.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the instance is stopping: it takes no new traffic. */
    readonly draining: boolean;
    drain(): void;
  }
}

async function drainingPlugin(app: FastifyInstance) {
  let draining = false;
  app.decorate('draining', { getter: () => draining });
  app.decorate('drain', () => {
    draining = true;
  });
  // Node keeps a connection open after a request that was under way when the server closed, until
  // its keep-alive timeout; `connection: close` ends it with the answer instead.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export const drainingHooks = fp(drainingPlugin, { name: 'draining' });

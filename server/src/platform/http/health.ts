/**
 * GET /healthz: the readiness check of load balancers, ready when the database answers and the
 * instance is not draining for a shutdown (http/draining.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { DomainError } from '../errors.js';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', { schema: { hide: true } }, async (request) => {
    if (app.draining) throw new DomainError('service_unavailable');
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: the database does not answer');
      throw new DomainError('service_unavailable');
    }
    return { ok: true };
  });
}

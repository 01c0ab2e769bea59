/** The client header every state change carries: a form on another site, which sends the cookies, has none. */
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@amora/common';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Webhooks from payment providers are called without the client header. */
    withoutClientHeader?: boolean;
    /**
     * A GET that changes something (logout.php, auto-like.php as SPEC §7 has them) needs the client
     * header too: a link on another site, which carries the SameSite=Lax cookie, must not do it.
     */
    getChangesState?: boolean;
    /** The answer is the same for every visitor, signed in or not: the session is not read. */
    sessionless?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the web app sent the request: its header, which another site cannot make a browser send. */
export function sentByClient(request: FastifyRequest): boolean {
  return request.headers[REQUEST_TYPE_HEADER] === REQUEST_TYPE_CLIENT;
}

/** Whether a call must carry the client header: the one rule, which the OpenAPI document states too. */
export function needsClientHeader(method: string, config: FastifyContextConfig | undefined): boolean {
  if (STATE_CHANGING.has(method)) return !config?.withoutClientHeader;
  return config?.getChangesState === true;
}

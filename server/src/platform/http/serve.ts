/**
 * Registers a route of the table in common (`@amora/common/routes`): its method and path, its
 * schemas looked up by name, the refusals its service may answer, and its access in the route's
 * config, where the doors read it: identity/request-context.ts asks a member's session for
 * `member`, access/door.ts a staff member's right for `{ staff }`. The OpenAPI document is made from
 * what is registered here (platform/http/openapi.ts).
 */

import type { ErrorCode } from '@amora/common';
import type { Access, RouteBody, RouteDefinition, RouteQuery, RouteReturn, SchemaName } from '@amora/common/routes';
import * as schemas from '@amora/common/schemas';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, as its definition in the table says. */
    access?: Access;
  }
}

/** The request as the handler reads it: its query and body validated by the route's schemas. */
type ServedRequest<Route extends RouteDefinition> = Omit<FastifyRequest, 'body' | 'query'> & {
  body: RouteBody<Route>;
  query: RouteQuery<Route>;
};

export type RouteHandler<Route extends RouteDefinition> = (
  request: ServedRequest<Route>,
  reply: FastifyReply,
) => Promise<RouteReturn<Route> | FastifyReply> | RouteReturn<Route> | FastifyReply;

/**
 * What a route needs beyond its definition: rate limits and the like, a larger body, hooks of its
 * own, a body it checks itself (`attachValidation`), and what only the API document says of it.
 */
export type ServeOptions = Pick<
  RouteOptions,
  'attachValidation' | 'bodyLimit' | 'onRequest' | 'preHandler' | 'preValidation'
> & {
  config?: FastifyContextConfig;
  schema?: Pick<FastifySchema, 'description' | 'headers' | 'hide'>;
};

const schemasByName: Record<SchemaName, z.ZodType> = schemas;
const schemaOf = (name: SchemaName) => schemasByName[name];

/** What a staff route may answer before its input counts: no staff session, or no right. */
function staffRefusals(access: Access): ErrorCode[] {
  if (typeof access !== 'object') return [];
  return access.staff === 'signed-in' ? ['staff_login_required'] : ['staff_login_required', 'forbidden'];
}

/** Registers the route: `serve(app, route, handler)`, or with options before the handler. */
export function serve<const Route extends RouteDefinition>(
  app: FastifyInstance,
  route: Route,
  ...[first, second]: [RouteHandler<Route>] | [ServeOptions, RouteHandler<Route>]
): void {
  const [options, handler] = second ? [first as ServeOptions, second] : [{}, first as RouteHandler<Route>];
  const { config, schema, ...rest } = options;
  const errors = [...staffRefusals(route.access), ...(route.errors ?? [])];
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...schema,
      ...(route.query && { querystring: schemaOf(route.query) }),
      ...(route.body && { body: schemaOf(route.body) }),
      response: { 200: schemaOf(route.response) },
      ...(errors.length > 0 && { errors }),
    },
    config: { ...config, access: route.access, ...(route.access === 'member' && { signedIn: true }) },
    ...rest,
    handler: handler as RouteOptions['handler'],
  });
}

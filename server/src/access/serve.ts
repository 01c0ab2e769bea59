/**
 * Registers a route of the table in common (`@amora/common/routes`): its method and path, its
 * schemas looked up by name, the refusals its service may answer, and its door: a member's
 * session for `member`, a staff session holding the right for `{ staff: right }`. The OpenAPI
 * document is made from what is registered here (platform/http/openapi.ts).
 */

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
import { requireRight, STAFF_REFUSALS } from '../identity/staff/policy.js';

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

function staffRightOf(access: Access) {
  return typeof access === 'object' ? access.staff : null;
}

/** The hooks that keep the door: the right is asked once the staff session is read (identity/staff/session.ts). */
function doorHooks(access: Access, own: RouteOptions['preHandler']) {
  const right = staffRightOf(access);
  const hooks = [own ?? []].flat();
  if (right === null) return hooks.length > 0 ? hooks : undefined;
  const holdsRight = async (request: FastifyRequest) => {
    requireRight(request.staff, right);
  };
  return [holdsRight, ...hooks];
}

/** Registers the route: `serve(app, route, handler)`, or with options before the handler. */
export function serve<const Route extends RouteDefinition>(
  app: FastifyInstance,
  route: Route,
  ...[first, second]: [RouteHandler<Route>] | [ServeOptions, RouteHandler<Route>]
): void {
  const [options, handler] = second ? [first as ServeOptions, second] : [{}, first as RouteHandler<Route>];
  const { config, preHandler, schema, ...rest } = options;
  const staff = staffRightOf(route.access) !== null;
  const errors = [...(staff ? STAFF_REFUSALS : []), ...(route.errors ?? [])];
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
    config: { ...config, ...(route.access === 'member' && { signedIn: true }) },
    preHandler: doorHooks(route.access, preHandler),
    ...rest,
    handler: handler as RouteOptions['handler'],
  });
}

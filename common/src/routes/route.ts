/**
 * One API endpoint as both ends know it: its method and path, the schemas of its query, body and
 * answer (named, from `@amora/common/schemas`), the refusals of its service, and who may call it.
 * The server registers each route from its definition (server/src/platform/http/serve.ts), the
 * OpenAPI document follows from what the server registered, and the web app calls
 * `api(route, input)` (web/src/api/client.ts), typed end to end.
 *
 * The schemas are named rather than imported, so a table costs the web app's first screen a few
 * bytes and no zod: the client loads the schemas with its first call.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import type * as Schemas from '../schemas/index.js';
import type { StaffRight } from '../staff-rights.js';

type SchemaModule = typeof Schemas;
/** The name of a zod schema in `@amora/common/schemas`, e.g. `'likesResponse'`. */
export type SchemaName = {
  [Name in keyof SchemaModule]: SchemaModule[Name] extends z.ZodType ? Name : never;
}[keyof SchemaModule];

/**
 * Who may call: anyone (a visitor, a provider's webhook), a signed-in member, or a signed-in staff
 * member holding a right (or any of several). What the caller may do with a particular subject
 * (their own chat, their own payment) is decided past the door, by the service.
 */
export type Access = 'anyone' | 'member' | { staff: StaffDoor };
/** A right, any of several rights, or only a staff member signed in (their own session and desk). */
export type StaffDoor = StaffRight | readonly StaffRight[] | 'signed-in';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  path: `/${string}`;
  access: Access;
  query?: SchemaName;
  /** The JSON body's schema; an upload (`upload: true`) sends one file as multipart instead. */
  body?: SchemaName;
  upload?: true;
  /** Takes, in place of its JSON body, a multipart form too (fields and one file: a photo message). */
  multipart?: true;
  response: SchemaName;
  /** The refusals of its service, beyond those its access, body and rate limit imply. */
  errors?: readonly ErrorCode[];
  /** Safe to send again after a timeout: a GET, or a body that carries its own idempotency key. */
  retry?: true;
}

/** Keeps the literal types of a definition, which the server's handler and the web's call read. */
export const defineRoute = <const Route extends RouteDefinition>(route: Route): Route => route;

type Input<Name> = Name extends SchemaName ? z.input<SchemaModule[Name]> : never;
type InputOrNone<Name> = Name extends SchemaName ? z.input<SchemaModule[Name]> : undefined;
type Output<Name> = Name extends SchemaName ? z.output<SchemaModule[Name]> : never;

/**
 * What the web app sends: the body (a FormData too, for a route that takes a multipart form), a File
 * for an upload, or else the query (a GET, or a one-click POST that takes no body).
 */
export type RouteInput<Route extends RouteDefinition> = Route['upload'] extends true
  ? File
  : Route['body'] extends SchemaName
    ? Input<Route['body']> | (Route['multipart'] extends true ? FormData : never)
    : InputOrNone<Route['query']>;

/** The query of a call that sends a body or a file as well (`POST /api/user.php?push=1`). */
export type RouteQueryInput<Route extends RouteDefinition> = Route['body'] extends SchemaName
  ? InputOrNone<Route['query']>
  : Route['upload'] extends true
    ? InputOrNone<Route['query']>
    : undefined;

/** What the server's handler reads, once validated. */
export type RouteQuery<Route extends RouteDefinition> = Route['query'] extends SchemaName
  ? Output<Route['query']>
  : undefined;
export type RouteBody<Route extends RouteDefinition> = Route['body'] extends SchemaName
  ? Output<Route['body']>
  : undefined;

/** The answer as parsed by the web app. */
export type RouteAnswer<Route extends RouteDefinition> = Output<Route['response']>;
/** The answer as the server's handler returns it, before its schema serialises it. */
export type RouteReturn<Route extends RouteDefinition> = Input<Route['response']>;

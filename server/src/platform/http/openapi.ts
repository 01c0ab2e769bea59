/**
 * The OpenAPI document at /api/openapi.json, made from the routes' zod schemas and from what their
 * options imply: the client header where the request context requires it, and each operation's
 * error answers, in the error shape with the very codes it may carry. The codes come from the
 * route's options (a body, a member's session, a rate limit), from what every call may meet, and
 * from the codes a route's schema names as `errors`: the refusals of its service.
 */
import { type ErrorCode, REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@amora/common';
import { apiError } from '@amora/common/schemas';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { needsClientHeader } from './client-header.js';
import { HTTP_STATUS } from './error-status.js';

declare module 'fastify' {
  interface FastifySchema {
    /** The codes the call's service may refuse with, beyond those its options imply; the document lists them. */
    errors?: readonly ErrorCode[];
  }
}

/** What any call may answer: a request it cannot read, a site it does not know, a database away for a moment. */
const EVERY_CALL: ErrorCode[] = ['bad_request', 'site_not_found', 'service_unavailable'];

const methodsOf = (route: RouteOptions): string[] => [route.method].flat();
const takesBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function errorCodes(route: RouteOptions, schema: FastifySchema): ErrorCode[] {
  const methods = methodsOf(route);
  const config = route.config;
  const codes = new Set(EVERY_CALL);
  if (methods.some(takesBody)) codes.add('payload_too_large').add('unsupported_media_type');
  if (schema.body || schema.querystring || schema.headers || schema.params) codes.add('validation_failed');
  if (methods.some((method) => needsClientHeader(method, config))) codes.add('request_type_missing');
  if (config?.signedIn) codes.add('authentication_required');
  if (config?.rateLimit) codes.add('rate_limited');
  for (const code of schema.errors ?? []) codes.add(code);
  return [...codes];
}

/** The error answers by status, each with the codes it may carry. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, [ErrorCode, ...ErrorCode[]]>();
  for (const code of codes) {
    const same = byStatus.get(HTTP_STATUS[code]);
    if (same) same.push(code);
    else byStatus.set(HTTP_STATUS[code], [code]);
  }
  return Object.fromEntries([...byStatus].map(([status, each]) => [status, apiError(each).describe(each.join(', '))]));
}

/**
 * OpenAPI 3.0 lets a nullable enum be null only when null is one of its values; zod's conversion
 * leaves it out (a message's `gift`, null for a text), so a client's validator would refuse null.
 */
function nullInNullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullInNullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const each = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullInNullableEnums(value)]));
  if (each.nullable === true && Array.isArray(each.enum) && !each.enum.includes(null)) each.enum = [...each.enum, null];
  return each;
}

const describeOperation: SwaggerTransform = (document) => {
  const { schema, route } = document;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const { errors: _inResponses, ...rest } = schema;
  const needsHeader = methodsOf(route).some((method) => needsClientHeader(method, route.config));
  const described = jsonSchemaTransform({
    ...document,
    schema: {
      ...rest,
      response: { ...(schema.response as object), ...errorResponses(errorCodes(route, schema)) },
      ...(needsHeader && { security: [{ clientHeader: [] }] }),
    },
  });
  return { ...described, schema: nullInNullableEnums(described.schema) as typeof described.schema };
};

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'Amora API',
      version: '1.0.0',
      description:
        `A call that changes something needs the header \`${REQUEST_TYPE_HEADER}: ${REQUEST_TYPE_CLIENT}\` ` +
        '(its security names clientHeader); without it the answer is 403 request_type_missing. A site is chosen by ' +
        'the Host header; a session by the cookie of user.php. Every error answer has the same shape: ' +
        '`{ error, message, fields?, ...params }`, its codes listed per status.',
    },
    components: {
      securitySchemes: {
        clientHeader: {
          type: 'apiKey',
          in: 'header',
          name: REQUEST_TYPE_HEADER,
          description: `Always "${REQUEST_TYPE_CLIENT}".`,
        },
      },
    },
  },
  transform: describeOperation,
};

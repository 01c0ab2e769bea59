/**
 * Every failure leaves as `{ error, message, ...params }` with the message in the request's
 * language; a 5xx also as `request_id`, its request's id in the log.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  DEFAULT_LOCALE,
  ERROR_CODES,
  type ErrorCode,
  FIELD_ERROR_CODES,
  FIELD_MESSAGE_VALUES,
  type FieldErrorCode,
  type FieldErrors,
} from '@amora/common';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/index.js';
import { DomainError } from '../errors.js';
import { translator } from '../i18n.js';
import { HTTP_STATUS } from './error-status.js';

const isErrorCode = (code: string) => (ERROR_CODES as readonly string[]).includes(code);
const isFieldCode = (code: string) => (FIELD_ERROR_CODES as readonly string[]).includes(code);

/** The request's language; a request Fastify refused before routing it (a bad URL) has none yet. */
const localeOf = (request: FastifyRequest) => request.locale ?? DEFAULT_LOCALE;

function fieldMessage(request: FastifyRequest, code: string): string {
  return translator(localeOf(request))(
    isErrorCode(code) ? `errors:${code}` : `errors:field.${code}`,
    FIELD_MESSAGE_VALUES,
  );
}

/** A zod issue, as zod reports it or the type provider passes it on: what a field code is made of. */
interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  origin?: unknown;
  minimum?: unknown;
  format?: unknown;
  /** A union's: each of its shapes' issues. */
  errors?: readonly (readonly Issue[])[];
}

/**
 * A zod issue as a catalogue code: the code a schema gave as its message, otherwise one for the
 * kind of issue, so no validator's English ever reaches a client.
 */
function fieldCodeOf({ code, message = '', origin, minimum, format }: Issue): string {
  if (isFieldCode(message) || isErrorCode(message)) return message;
  if (code === 'too_big') return origin === 'string' ? 'too_long' : origin === 'array' ? 'too_many' : 'invalid';
  if (code === 'too_small') return origin === 'string' && minimum === 1 ? 'required' : 'invalid';
  if (code === 'invalid_value') return 'invalid_choice';
  if (code === 'invalid_format' && format === 'email') return 'invalid_email';
  return 'invalid';
}

/**
 * Each field's first issue as a catalogue code. A value that fits none of a union's shapes (a staff
 * answer with both a text and a photo) is told what is wrong with it as the first shape sees it.
 */
function fieldCodes(issues: readonly Issue[], fields: Record<string, string> = {}, at: readonly PropertyKey[] = []) {
  for (const issue of issues) {
    const path = [...at, ...issue.path];
    const firstShape = issue.code === 'invalid_union' ? issue.errors?.[0] : undefined;
    if (firstShape?.length) fieldCodes(firstShape, fields, path);
    else fields[path.join('.') || 'body'] ??= fieldCodeOf(issue);
  }
  return fields;
}

/** A payload read by hand (a multipart form's fields) that its schema refused, as the API's 422. */
export function invalidFields(error: ZodError): DomainError {
  return new DomainError('validation_failed', {}, fieldCodes(error.issues) as Record<string, FieldErrorCode>);
}

/** The type provider's report of a refused request part, as zod's issues. */
const asIssues = (validation: FastifySchemaValidationError[]): Issue[] =>
  validation.map(({ keyword, instancePath, message, params }) => ({
    code: keyword,
    path: instancePath.split('/').filter(Boolean),
    message,
    origin: params.origin,
    minimum: params.minimum,
    format: params.format,
    errors: params.errors as Issue[][] | undefined,
  }));

/**
 * Fastify's own refusals (no route, a body too large or of another type, a rate limit) in catalogue
 * terms. A path part longer than the router reads (414) names nothing here.
 */
const FRAMEWORK_REFUSALS: Record<number, ErrorCode> = {
  404: 'not_found',
  413: 'payload_too_large',
  414: 'not_found',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** How long a client should wait before it tries a call refused with 503 again (the web app adds jitter). */
const RETRY_AFTER_SECONDS = 2;

/**
 * A failure of the server's names its request, so the person on call finds its log lines by the
 * id someone reports; a 503 says when to try again.
 */
function markServerFailure(request: FastifyRequest, reply: FastifyReply, status: number) {
  reply.header('x-request-id', request.id);
  if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_SECONDS);
  return { request_id: request.id };
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, extra: object = {}) {
  const params = 'params' in extra ? (extra.params as Record<string, unknown>) : {};
  const message = translator(localeOf(request))(`errors:${code}`, params);
  const { params: _omit, ...rest } = extra as { params?: unknown };
  const failure = status >= 500 ? markServerFailure(request, reply, status) : {};
  return reply.status(status).send({ error: code, message, ...params, ...rest, ...failure });
}

function toFieldErrors(request: FastifyRequest, fields: Record<string, string>): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, code]) => [field, { code, message: fieldMessage(request, code) }]),
  );
}

/** The database is away for a moment (a restart, a failover): the client may try again later. */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, error: Error) {
  request.log.warn({ err: error }, 'database unavailable');
  return send(request, reply, 503, 'service_unavailable');
}

/** Every error a request ends in, the framework's own refusals before routing (a bad URL) among them. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const fields = error.fields ? toFieldErrors(request, error.fields) : undefined;
    return send(request, reply, HTTP_STATUS[error.code], error.code, {
      params: error.params,
      ...(fields && { fields }),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = toFieldErrors(request, fieldCodes(asIssues(error.validation)));
    return send(request, reply, 422, 'validation_failed', { fields });
  }
  if (error.statusCode && error.statusCode < 500) {
    const code = FRAMEWORK_REFUSALS[error.statusCode] ?? 'bad_request';
    if (code !== 'rate_limited') request.log.info({ err: error }, 'bad request');
    return send(request, reply, HTTP_STATUS[code], code);
  }
  if (isDatabaseUnavailable(error)) return sendUnavailable(request, reply, error);
  request.log.error({ err: error }, 'request failed');
  return send(request, reply, 500, 'server_error');
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

/**
 * A request Node's HTTP parser refused (a head over its 16 KB, such as a 64 KB query string, or
 * bytes that are no HTTP): there is no request to answer through Fastify, so the answer is written
 * to the socket as it stands, in the catalogue's shape and without a word of what was sent. A head
 * that never came in time is cut without an answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  const answerable = error.code !== 'ECONNRESET' && error.code !== 'ERR_HTTP_REQUEST_TIMEOUT';
  if (answerable && socket.writable) {
    const status = HTTP_STATUS.bad_request;
    const body = JSON.stringify({ error: 'bad_request', message: translator(DEFAULT_LOCALE)('errors:bad_request') });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Every failure leaves as `{ error, message, ...params }` with the message in the request's language. */
import {
  ERROR_CODES,
  type ErrorCode,
  FIELD_ERROR_CODES,
  FIELD_MESSAGE_VALUES,
  type FieldErrorCode,
  type FieldErrors,
} from '@amora/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/index.js';
import { DomainError } from '../errors.js';
import { translator } from '../i18n.js';
import { HTTP_STATUS } from './error-status.js';

const isErrorCode = (code: string) => (ERROR_CODES as readonly string[]).includes(code);
const isFieldCode = (code: string) => (FIELD_ERROR_CODES as readonly string[]).includes(code);

function fieldMessage(request: FastifyRequest, code: string): string {
  return translator(request.locale)(
    isErrorCode(code) ? `errors:${code}` : `errors:field.${code}`,
    FIELD_MESSAGE_VALUES,
  );
}

interface ValidationIssue {
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A zod issue as a catalogue code: the code a schema gave as its message, otherwise one for the
 * kind of issue, so no validator's English ever reaches a client.
 */
function fieldCodeOf({ keyword, message = '', params = {} }: ValidationIssue): string {
  if (isFieldCode(message) || isErrorCode(message)) return message;
  const origin = params.origin;
  if (keyword === 'too_big') return origin === 'string' ? 'too_long' : origin === 'array' ? 'too_many' : 'invalid';
  if (keyword === 'too_small') return origin === 'string' && params.minimum === 1 ? 'required' : 'invalid';
  if (keyword === 'invalid_value') return 'invalid_choice';
  if (keyword === 'invalid_format' && params.format === 'email') return 'invalid_email';
  return 'invalid';
}

/** A payload read by hand (a multipart form's fields) that its schema refused, as the API's 422. */
export function invalidFields(error: ZodError): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= fieldCodeOf({ keyword: issue.code, message: issue.message, params: { ...issue } });
  }
  return new DomainError('validation_failed', {}, fields as Record<string, FieldErrorCode>);
}

/** Fastify's own refusals (no route, a body too large or of another type, a rate limit) in catalogue terms. */
const FRAMEWORK_REFUSALS: Record<number, ErrorCode> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, extra: object = {}) {
  const params = 'params' in extra ? (extra.params as Record<string, unknown>) : {};
  const message = translator(request.locale)(`errors:${code}`, params);
  const { params: _omit, ...rest } = extra as { params?: unknown };
  return reply.status(status).send({ error: code, message, ...params, ...rest });
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

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const fields = error.fields ? toFieldErrors(request, error.fields) : undefined;
      return send(request, reply, HTTP_STATUS[error.code], error.code, {
        params: error.params,
        ...(fields && { fields }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[field] ??= fieldCodeOf(issue);
      }
      return send(request, reply, 422, 'validation_failed', { fields: toFieldErrors(request, fields) });
    }
    if (error.statusCode && error.statusCode < 500) {
      const code = FRAMEWORK_REFUSALS[error.statusCode] ?? 'bad_request';
      if (code !== 'rate_limited') request.log.info({ err: error }, 'bad request');
      return send(request, reply, HTTP_STATUS[code], code);
    }
    if (isDatabaseUnavailable(error)) return sendUnavailable(request, reply, error);
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'server_error');
  });
}

/** Every failure leaves as `{ error, message, ...params }` with the message in the request's language. */
import { ERROR_CODES, type ErrorCode, type FieldErrors } from '@amora/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/index.js';
import { DomainError } from '../errors.js';
import { translator } from '../i18n.js';
import { HTTP_STATUS } from './error-status.js';

function fieldMessage(request: FastifyRequest, code: string): string {
  const t = translator(request.locale);
  const isCatalogueCode = (ERROR_CODES as readonly string[]).includes(code);
  return isCatalogueCode ? t(`errors:${code}`) : t(`errors:field.${code}`, { defaultValue: t('errors:field.invalid') });
}

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
        fields[field] ??= issue.message ?? 'invalid';
      }
      return send(request, reply, 422, 'validation_failed', { fields: toFieldErrors(request, fields) });
    }
    if (error.statusCode === 429) return send(request, reply, 429, 'rate_limited');
    if (error.statusCode && error.statusCode < 500) {
      request.log.info({ err: error }, 'bad request');
      return send(
        request,
        reply,
        error.statusCode === 404 ? 404 : 400,
        error.statusCode === 404 ? 'not_found' : 'bad_request',
      );
    }
    if (isDatabaseUnavailable(error)) return sendUnavailable(request, reply, error);
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'server_error');
  });
}

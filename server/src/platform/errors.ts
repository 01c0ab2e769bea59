import type { ErrorCode, FieldErrorCode } from '@amora/common';

/**
 * What a service or the request pipeline refuses, as a catalogue code with its params or field
 * codes. It says nothing of HTTP: the error handler picks the status (http/error-status.ts) and
 * the localised message.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, FieldErrorCode | ErrorCode>,
  ) {
    super(code);
  }
}

export const authenticationRequired = () => new DomainError('authentication_required');
export const notFound = () => new DomainError('not_found');

/** One field refused, e.g. a duplicate address found only in the database. */
export function fieldError(field: string, code: FieldErrorCode | ErrorCode): DomainError {
  return new DomainError('validation_failed', {}, { [field]: code });
}

import type { ErrorCode, FieldErrorCode } from '@amora/common';

/** An expected failure with a catalogue code; the error handler localises it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, FieldErrorCode | ErrorCode>,
  ) {
    super(code);
  }
}

export const authenticationRequired = () => new AppError('authentication_required', 403);
export const notFound = () => new AppError('not_found', 404);

/** A 422 for one field, e.g. a duplicate address found only in the database. */
export function fieldError(field: string, code: FieldErrorCode | ErrorCode): AppError {
  return new AppError('validation_failed', 422, {}, { [field]: code });
}

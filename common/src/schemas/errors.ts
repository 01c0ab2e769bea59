/**
 * The body of every error answer: a catalogue code, its localised text, per-field errors, the code's
 * params, and on a 5xx the id of its request in the server's log.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

export const fieldErrors = z.record(z.string(), z.object({ code: z.string(), message: z.string() }));
export type FieldErrors = z.infer<typeof fieldErrors>;

/** An error answer whose code is one of `codes` (all of the catalogue's unless given). */
export const apiError = (codes: readonly [ErrorCode, ...ErrorCode[]] = ERROR_CODES) =>
  z
    .object({
      error: z.enum(codes),
      message: z.string(),
      fields: fieldErrors.optional(),
      request_id: z.string().optional(),
    })
    .catchall(z.union([z.string(), z.number()]));
export type ApiErrorBody = z.infer<ReturnType<typeof apiError>>;

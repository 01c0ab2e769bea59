import { z } from 'zod';

/** The largest id a row can have: the id columns are PostgreSQL's `integer` (SQLite's hold more). */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number from `min` to `max`, as a JSON body sends it, or as digits where a query or a form
 * writes it. Nothing else is read as a number: `true`, `''`, `' 5'` or `[5]`, which z.coerce takes
 * for 1, 0, 5 and 5, are refused like any other wrong value.
 */
export const wholeNumber = (min: number, max: number, message = 'invalid_choice') =>
  z
    .union(
      [
        z.number({ message }).int(message).min(min, message).max(max, message),
        z
          .string()
          .regex(/^\d{1,16}$/, message)
          .transform(Number),
      ],
      { message },
    )
    .pipe(z.number().int(message).min(min, message).max(max, message));

/**
 * A row's id as a client names it, in a query, a form or a JSON body: a whole number an id column
 * can hold, so an id past the column's range is refused as invalid on both engines alike.
 */
export const id = wholeNumber(1, MAX_ID);

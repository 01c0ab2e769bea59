import { z } from 'zod';

/** The largest id a row can have: the id columns are PostgreSQL's `integer` (SQLite's hold more). */
export const MAX_ID = 2_147_483_647;

/**
 * A row's id as a client names it, in a query, a form or a JSON body: a whole number an id column
 * can hold, so an id past the column's range is refused as invalid on both engines alike.
 */
export const id = z.coerce
  .number({ message: 'invalid_choice' })
  .int('invalid_choice')
  .positive('invalid_choice')
  .max(MAX_ID, 'invalid_choice');

/**
 * Text that people and clients send. Every string of a request goes through one of these, so no
 * NUL byte or other control character reaches the database (PostgreSQL refuses NUL in text), and
 * names cannot hide behind invisible characters or turn their line around.
 */
import { z } from 'zod';

/** C0 and C1 control characters and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/u;
/** The same, but tab, line feed and carriage return are allowed: texts of several lines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/u;
/**
 * The soft hyphen, the zero-width space, bidi marks, embeddings, overrides and isolates, the word
 * joiner family, the byte-order mark, and the line and paragraph separators. The zero-width
 * (non-)joiners U+200C and U+200D stay: Persian and Indic names and emoji sequences need them.
 */
const NO_INVISIBLE = /^[^\u00ad\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]*$/u;

/** A whole day as YYYY-MM-DD that is on the calendar (no 31 February); the document says `format: date`. */
export const calendarDay = (message: string) =>
  text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    }, message)
    .meta({ format: 'date' });

/** A single line: no control characters. */
export const text = () => z.string().regex(SINGLE_LINE, 'control_characters');

/** Several lines (about me, comments): tab and line breaks allowed, other control characters not. */
export const multilineText = () => z.string().regex(MULTI_LINE, 'control_characters');

/** A name people see: a single line without invisible or direction-changing characters. */
export const nameText = () => text().regex(NO_INVISIBLE, 'invisible_characters');

/**
 * Dates in the signup form. The first Intl.DateTimeFormat a page makes is slow on a phone (the
 * locale's calendar data is loaded), so the lander asks Intl only once someone starts on the form.
 */
export type DatePart = 'day' | 'month' | 'year';

/**
 * Of the 11 languages only English writes the month first, and only as the US, Canada and the
 * Philippines do (en-GB, en-IE: day first), as Intl has it (dates.test.ts checks).
 */
const MONTH_FIRST = new Set(['en', 'en-US', 'en-CA', 'en-PH']);

/** The order in which the locale (with its region: regionalLocale) writes a date, as DateOfBirthField asks it. */
export function datePartOrder(locale: string): DatePart[] {
  return MONTH_FIRST.has(locale) ? ['month', 'day', 'year'] : ['day', 'month', 'year'];
}

/** The months by name, as the locale says them on their own. */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
}

export function longDate(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value));
}

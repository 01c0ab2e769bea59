/** Dates and times as the page's language writes them: every date a person reads goes through here. */
export function formatDate(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value));
}

export function formatTime(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(value));
}

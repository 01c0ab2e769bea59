const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();

/** Making an Intl format loads the locale's data, slow on a phone's first screen: each one is made once. */
function made<Format extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(
  key: string,
  make: () => Format,
): Format {
  let format = formats.get(key) as Format | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  made(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** Countries by name in the page's language, from the browser's own data. */
export const regionNames = (locale: string) =>
  made(`region ${locale}`, () => new Intl.DisplayNames([locale], { type: 'region' }));

/**
 * The browser's locale with its region (en-GB, de-AT, fr-BE) when it speaks the page's language, else
 * the page's language: dates follow where the visitor lives, the words stay the site's.
 */
export function regionalLocale(language: string, preferred: readonly string[]): string {
  return preferred.find((tag) => tag.includes('-') && tag.split('-')[0]?.toLowerCase() === language) ?? language;
}

/** Dates and times as the page's language writes them: every date a person reads goes through here. */
export function formatDate(value: string | Date, locale: string): string {
  return dateFormat(locale, { dateStyle: 'long' }).format(new Date(value));
}

/** A moment to the minute: "30 November 2026 at 14:05". */
export function formatDateTime(value: string | Date, locale: string): string {
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
}

/** A moment to the minute, short, where a table has little room: "30 Nov 2026, 14:05". */
export function formatShortDateTime(value: string | Date, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatTime(value: string | Date, locale: string): string {
  return dateFormat(locale, { timeStyle: 'short' }).format(new Date(value));
}

/** When a message was sent, as a conversation list shows it: the time today, the weekday this week, else the date. */
export function formatChatTime(value: string | Date, locale: string, now = new Date()): string {
  const date = new Date(value);
  if (date.toDateString() === now.toDateString()) return formatTime(date, locale);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return dateFormat(locale, { weekday: 'short' }).format(date);
  return dateFormat(locale, { dateStyle: 'short' }).format(date);
}

/** An amount in minor units (cents) as the page's language writes money: "€ 9,99", "£8.99". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const money = made(
    `money ${locale} ${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
  );
  return money.format(minor / 100);
}

/** A count as the page's language writes numbers: "1,000" in English, "1.000" in Dutch. */
export function formatNumber(value: number, locale: string): string {
  return made(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

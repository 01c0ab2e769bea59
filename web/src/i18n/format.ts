/** Dates and times as the page's language writes them: every date a person reads goes through here. */
export function formatDate(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value));
}

export function formatTime(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(value));
}

/** When a message was sent, as a conversation list shows it: the time today, the weekday this week, else the date. */
export function formatChatTime(value: string | Date, locale: string, now = new Date()): string {
  const date = new Date(value);
  if (date.toDateString() === now.toDateString()) return formatTime(date, locale);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(date);
}

/** An amount in minor units (cents) as the page's language writes money: "€ 9,99", "£8.99". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

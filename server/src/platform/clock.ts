/** Time comes from here so tests can move it (a 14-day grace period, a lockout). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

export function addDays(date: Date, days: number): Date {
  return addMinutes(date, days * 24 * 60);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetIn(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Midnight at the start of `instant`'s day in `timeZone` (an IANA name such as Europe/Amsterdam). */
export function startOfDayIn(timeZone: string, instant: Date): Date {
  const wallNow = new Date(instant.getTime() + offsetIn(timeZone, instant));
  const wallMidnight = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate());
  // The offset at midnight may differ from now's on a daylight-saving day.
  const guess = new Date(wallMidnight - offsetIn(timeZone, instant));
  return new Date(wallMidnight - offsetIn(timeZone, guess));
}

/** Midnight at the start of the next day in `timeZone`. */
export function startOfNextDayIn(timeZone: string, instant: Date): Date {
  const today = startOfDayIn(timeZone, instant);
  // 26 hours is past the next midnight even on a daylight-saving day, and short of the one after.
  return startOfDayIn(timeZone, new Date(today.getTime() + 26 * 60 * 60_000));
}

/**
 * The calendar day and the clock of an instant in Paris, whatever the zone of the browser or the
 * server. Computed rather than asked of Intl: a page's first Intl formatter loads the locale's data
 * (15–25 ms on a desktop, four times that on a mid-range phone), and the search page formats its
 * period while the app takes the page over.
 *
 * Paris is one hour ahead of UTC, two in summer time, which runs from the last Sunday of March to
 * the last Sunday of October, both at 01:00 UTC (the European rule since 1996; the tests hold it
 * to Intl's Europe/Paris zone hour by hour). A calendar day read as noon UTC, as birth dates are,
 * is the same day in Paris under any rule.
 */
export interface ParisTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0 for Sunday to 6 for Saturday. */
  weekday: number;
  hour: number;
  minute: number;
}

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0–11) of a year. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** Paris's offset from UTC at an instant, in hours: 1, or 2 in summer time. */
export function parisOffsetHours(date: Date): 1 | 2 {
  const year = date.getUTCFullYear();
  const time = date.getTime();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 2 : 1;
}

/** An instant as a clock in Paris reads it. */
export function inParis(date: Date): ParisTime {
  const wall = new Date(date.getTime() + parisOffsetHours(date) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** Midnight in Paris of a calendar day (yyyy-mm-dd), as an instant. */
export function parisMidnight(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Paris's midnight falls at 22:00 or 23:00 UTC the day before, and summer time changes at
  // 01:00 UTC: the offset an hour before the UTC midnight is the one in force.
  return new Date(midnightUtc - parisOffsetHours(new Date(midnightUtc - HOUR_MS)) * HOUR_MS);
}

const CLOCK_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a Paris clock reads as 'yyyy-MM-ddTHH:mm', whatever the browser's zone (a rental
 * starts at the time it is delivered in France); null when it is not such a value. The hour the
 * clocks skip in March reads as the hour after it; the hour they repeat in October as its first
 * occurrence, in summer time.
 */
export function fromParisClock(value: string): Date | null {
  const parts = CLOCK_VALUE.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year!, month! - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day! ||
    hour! > 23 ||
    minute! > 59
  ) {
    return null;
  }
  const summer = new Date(asUtc - 2 * HOUR_MS);
  if (parisOffsetHours(summer) === 2) return summer;
  return new Date(asUtc - HOUR_MS);
}

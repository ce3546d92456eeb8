import { deliverySlotMinutes, slotClock } from '@vroum/core/delivery-hours';
import { fromParisClock, inParis } from '@vroum/core/paris-time';
import { parisDay } from '../../lib/format';

/**
 * The rental calendar's rules, apart from its looks: Paris calendar days ('yyyy-mm-dd'), weeks
 * from Monday, which days are past or taken, the times a rental may start or end (core's delivery
 * hours), and the nearest free period of the same length when the chosen one is taken.
 */

/** A half-open period [start, end) in milliseconds. */
export interface Span {
  start: number;
  end: number;
}

export type DayState = 'past' | 'taken' | 'partly-taken' | 'free';

const DAY_MS = 86_400_000;
/** A start a few minutes in the past is tolerated, as the server's period rules do. */
const PAST_TOLERANCE_MS = 10 * 60_000;
const SLOTS = deliverySlotMinutes();

const noonUtc = (day: string) => Date.parse(`${day}T12:00:00Z`);

export function addDays(day: string, days: number): string {
  return new Date(noonUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Same day of another month, kept within that month (31 January + 1 month → 28 February). */
export function addMonths(day: string, months: number): string {
  const date = new Date(noonUtc(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, 12));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** 0 for Monday to 6 for Sunday: a French week. */
export const weekdayFromMonday = (day: string) => (new Date(noonUtc(day)).getUTCDay() + 6) % 7;

/** The first day of the day's month. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The month's weeks, Monday to Sunday, with null for the days of the months around it. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = monthOf(month);
  const cells: (string | null)[] = Array.from({ length: weekdayFromMonday(first) }, () => null);
  for (let day = first; monthOf(day) === first; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** The instant of a Paris day at a time of day given in minutes after midnight. */
export function slotInstant(day: string, minutes: number): number {
  return fromParisClock(`${day}T${slotClock(minutes)}`)?.getTime() ?? Number.NaN;
}

/** The Paris day and time of day (minutes after midnight) of an instant. */
export function dayAndMinutes(instant: number): { day: string; minutes: number } {
  const date = new Date(instant);
  const { hour, minute } = inParis(date);
  return { day: parisDay(date), minutes: hour * 60 + minute };
}

/** The times of day (minutes) a rental may start or end: core's delivery hours. */
export const slotMinutes = (): readonly number[] => SLOTS;

export const isSlot = (minutes: number) => SLOTS.includes(minutes);

const overlaps = (period: Span, taken: readonly Span[]) =>
  taken.some((span) => period.start < span.end && span.start < period.end);

/** The taken span the instant falls in, if any. */
export const takenAt = (instant: number, taken: readonly Span[]): Span | undefined =>
  taken.find((span) => instant >= span.start && instant < span.end);

/**
 * A day is past when none of its times is still ahead, taken when every time of it that is
 * ahead falls in a taken period, partly taken when some do.
 */
export function dayState(day: string, taken: readonly Span[], now: number): DayState {
  const ahead = SLOTS.map((minutes) => slotInstant(day, minutes)).filter(
    (instant) => instant >= now - PAST_TOLERANCE_MS,
  );
  if (ahead.length === 0) return 'past';
  const inTaken = ahead.filter((instant) => takenAt(instant, taken)).length;
  if (inTaken === ahead.length) return 'taken';
  return inTaken > 0 ? 'partly-taken' : 'free';
}

/** Why a period cannot be chosen, in the customer's words; null when it can. */
export type PeriodRefusal = 'past' | 'start-taken' | 'overlaps';

export function refusePeriod(period: Span, taken: readonly Span[], now: number) {
  if (period.start < now - PAST_TOLERANCE_MS) return 'past' as const;
  if (takenAt(period.start, taken)) return 'start-taken' as const;
  if (overlaps(period, taken)) return 'overlaps' as const;
  return null;
}

/**
 * The free period of the same length whose start is nearest the wanted one (the later one when
 * two are as near): it starts at one of the day's times, not in the past, ends at one of them
 * too, before `until` (the end of what is known of the car's calendar), and overlaps nothing
 * taken. Null when there is none within `searchDays` either side.
 */
export function nearestFreePeriod(
  wanted: Span,
  taken: readonly Span[],
  { now, until, searchDays = 120 }: { now: number; until: number; searchDays?: number },
): Span | null {
  const length = wanted.end - wanted.start;
  const wantedDay = dayAndMinutes(wanted.start).day;
  let best: Span | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let offset = -searchDays; offset <= searchDays; offset += 1) {
    const day = addDays(wantedDay, offset);
    for (const minutes of SLOTS) {
      const start = slotInstant(day, minutes);
      const end = start + length;
      const distance = Math.abs(start - wanted.start);
      if (distance > bestDistance || (distance === bestDistance && start < (best?.start ?? 0))) {
        continue;
      }
      if (start < now || end > until || !isSlot(dayAndMinutes(end).minutes)) continue;
      if (overlaps({ start, end }, taken)) continue;
      best = { start, end };
      bestDistance = distance;
    }
  }
  return best;
}

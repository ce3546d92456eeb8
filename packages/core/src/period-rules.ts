/**
 * The rules of a rental period, without zod (the home page's booking module checks them in the
 * first load; availability.ts builds the query schemas on them).
 */

import { fromParisClock } from './paris-time';

export const MAX_RENTAL_DAYS = 90;

/**
 * An instant as a page's address carries it, written as the browser's requests send it (ISO 8601
 * in UTC, so the server announces the very request the page will make); '' when it is none. A
 * date and time without a zone ('2027-01-10T09:00', typed or shared by hand) is read on a Paris
 * clock, as the booking module's fields are: read in each side's own zone, the server (in UTC)
 * and the browser (in Paris) rendered two periods an hour apart, and the page was drawn again.
 */
export function urlInstant(value: string | null): string {
  if (!value) return '';
  const onParisClock = fromParisClock(value);
  if (onParisClock) return onParisClock.toISOString();
  return Number.isNaN(Date.parse(value)) ? '' : new Date(value).toISOString();
}

/** A start a few minutes in the past is tolerated (clock skew, time spent on the form). */
const PAST_TOLERANCE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * What is wrong with a period, per field, in the customer's words: a start in the past, an end
 * not after the start, more than 90 days. An empty or unreadable end is left to the caller.
 */
export function periodProblems(period: {
  start: string;
  end: string;
}): Partial<Record<'start' | 'end', string>> {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  const problems: Partial<Record<'start' | 'end', string>> = {};
  if (start < Date.now() - PAST_TOLERANCE_MS) {
    problems.start = 'La date de début ne peut pas être dans le passé.';
  }
  if (end <= start) {
    problems.end = 'La date de fin doit être postérieure à la date de début.';
  } else if (end - start > MAX_RENTAL_DAYS * DAY_MS) {
    problems.end = `La durée de location ne peut pas dépasser ${MAX_RENTAL_DAYS} jours.`;
  }
  return problems;
}

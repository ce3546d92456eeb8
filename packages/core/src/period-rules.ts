/**
 * The rules of a rental period, without zod (the home page's booking module checks them in the
 * first load; availability.ts builds the query schemas on them).
 */

export const MAX_RENTAL_DAYS = 90;

/**
 * An instant as a page's address carries it, written as the browser's requests send it (ISO 8601
 * in UTC, so the server announces the very request the page will make); '' when it is none.
 */
export const urlInstant = (value: string | null): string =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : '';

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

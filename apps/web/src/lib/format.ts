/**
 * French formatting of money and dates (fr-FR, euros), on the platform's Intl: no date library
 * in the first-load bundle. Every date is shown in Paris time, whatever the browser's zone.
 */
import { onFirstUse } from '@vroum/core/on-first-use';

export { formatEuros, formatPrice } from '@vroum/core/money-format';

const PARIS = 'Europe/Paris';

/** A French formatter of instants in Paris time, built when first used (Intl's data loads then). */
const inParis = (options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: PARIS }));

/** A calendar day is read as noon UTC so that it is the same day in Paris. */
function asInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** A formatter of instants or calendar days (yyyy-mm-dd, taken as that day). */
const dayFormat = (options: Intl.DateTimeFormatOptions) => {
  const format = inParis(options);
  return (isoOrDay: string): string => format().format(asInstant(isoOrDay));
};

/** Long French date and time, e.g. 'samedi 5 décembre 2026 à 10:00'. */
export const formatLongDateTime = dayFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Long French date, e.g. '5 décembre 2026'. */
export const formatLongDate = dayFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** dd/MM/yyyy (promotions, birth dates). */
export const formatShortDate = dayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** dd MMM yyyy (admin lists), e.g. '05 déc. 2026'. */
export const formatAdminDate = dayFormat({ day: '2-digit', month: 'short', year: 'numeric' });

/** Day, month and time without the year (notifications), e.g. '5 déc., 10:00'. */
export const formatDayAndTime = dayFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The calendar day (yyyy-mm-dd) an instant falls on in Paris. */
export const parisDay = (date: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PARIS }).format(date);

const dayOfWindow = inParis({ weekday: 'long', day: 'numeric', month: 'long' });
const timeOfWindow = inParis({ hour: '2-digit', minute: '2-digit' });

/** A delivery or return window, e.g. 'samedi 5 décembre, entre 09:30 et 10:30'. */
export function formatTimeWindow(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  return `${dayOfWindow().format(start)}, entre ${timeOfWindow().format(start)} et ${timeOfWindow().format(new Date(endIso))}`;
}

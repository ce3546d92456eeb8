/**
 * French formatting of money and dates (fr-FR, euros), on the platform's Intl: no date library
 * in the first-load bundle.
 */
const PARIS = 'Europe/Paris';

export { formatEuros, formatPrice } from '@vroum/core/money-format';

const longDateTime = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: PARIS,
});
const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: PARIS,
});
const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: PARIS,
});
const adminDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: PARIS,
});

/** Long French date and time, e.g. 'samedi 5 décembre 2026 à 10:00' (Paris time). */
export function formatLongDateTime(iso: string): string {
  return longDateTime.format(new Date(iso));
}

/** Long French date, e.g. '5 décembre 2026'. Plain dates (yyyy-mm-dd) are taken as calendar days. */
export function formatLongDate(isoOrDay: string): string {
  return longDate.format(asInstant(isoOrDay));
}

/** dd/MM/yyyy (promotions, birth dates). */
export function formatShortDate(isoOrDay: string): string {
  return shortDate.format(asInstant(isoOrDay));
}

/** dd MMM yyyy (admin lists), e.g. '05 déc. 2026'. */
export function formatAdminDate(isoOrDay: string): string {
  return adminDate.format(asInstant(isoOrDay));
}

/** A calendar day is read as noon UTC so that it is the same day in Paris. */
function asInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

const dayOfWindow = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: PARIS,
});
const timeOfWindow = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: PARIS,
});

/** A delivery or return window, e.g. 'samedi 5 décembre, entre 09:30 et 10:30' (Paris time). */
export function formatTimeWindow(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  return `${dayOfWindow.format(start)}, entre ${timeOfWindow.format(start)} et ${timeOfWindow.format(new Date(endIso))}`;
}

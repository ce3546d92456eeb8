/**
 * French formatting of money and dates (fr-FR, euros), written out rather than asked of Intl (see
 * paris-time.ts): no date library in the first-load bundle, and no locale data loaded while the
 * app takes a page over. Every date is shown in Paris time, whatever the browser's zone. The tests
 * hold each format to Intl's fr-FR output.
 */
import { inParis, type ParisTime } from '@vroum/core/paris-time';

export { formatEuros, formatPrice } from '@vroum/core/money-format';

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A calendar day is read as noon UTC so that it is the same day in Paris. */
function asInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** A format of Paris times, for instants or calendar days (yyyy-mm-dd, taken as that day). */
const dayFormat =
  (write: (time: ParisTime) => string) =>
  (isoOrDay: string): string => {
    const instant = asInstant(isoOrDay);
    return Number.isNaN(instant.getTime()) ? '' : write(inParis(instant));
  };

const clock = ({ hour, minute }: ParisTime) => `${twoDigits(hour)}:${twoDigits(minute)}`;
/** A day of the month written out: French writes the first 'le 1er', the others in figures. */
const dayOfMonth = (day: number) => (day === 1 ? '1er' : String(day));
const longDay = ({ weekday, day, month }: ParisTime) =>
  `${WEEKDAYS[weekday]} ${dayOfMonth(day)} ${MONTHS[month - 1]}`;

/** Long French date and time, e.g. 'samedi 5 décembre 2026 à 10:00'. */
export const formatLongDateTime = dayFormat(
  (time) => `${longDay(time)} ${time.year} à ${clock(time)}`,
);

/** Long French date with its weekday, e.g. 'samedi 5 décembre 2026' (the calendar's days). */
export const formatWeekdayDate = dayFormat((time) => `${longDay(time)} ${time.year}`);

/** A month and its year, e.g. 'décembre 2026' (the calendar's heading). */
export const formatMonth = dayFormat(({ month, year }) => `${MONTHS[month - 1]} ${year}`);

/** Long French date, e.g. '5 décembre 2026', '1er décembre 2026'. */
export const formatLongDate = dayFormat(
  ({ day, month, year }) => `${dayOfMonth(day)} ${MONTHS[month - 1]} ${year}`,
);

/** dd/MM/yyyy (promotions, birth dates). */
export const formatShortDate = dayFormat(
  ({ day, month, year }) => `${twoDigits(day)}/${twoDigits(month)}/${year}`,
);

/** dd MMM yyyy (admin lists), e.g. '05 déc. 2026'. */
export const formatAdminDate = dayFormat(
  ({ day, month, year }) => `${twoDigits(day)} ${SHORT_MONTHS[month - 1]} ${year}`,
);

/** dd MMM yyyy and the time (admin lists of events), e.g. '05 déc. 2026, 10:00'. */
export const formatAdminDateTime = dayFormat(
  (time) => `${twoDigits(time.day)} ${SHORT_MONTHS[time.month - 1]} ${time.year}, ${clock(time)}`,
);

/** Day, month and time without the year (notifications), e.g. '5 déc., 10:00', '1er déc.'. */
export const formatDayAndTime = dayFormat(
  (time) => `${dayOfMonth(time.day)} ${SHORT_MONTHS[time.month - 1]}, ${clock(time)}`,
);

/** The calendar day (yyyy-mm-dd) an instant falls on in Paris. */
export function parisDay(date: Date): string {
  const { year, month, day } = inParis(date);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** An instant as the 'yyyy-MM-ddTHH:mm' a date and time field shows: the clock in Paris. */
export function parisClockValue(date: Date): string {
  return `${parisDay(date)}T${clock(inParis(date))}`;
}

/** A delivery or return window, e.g. 'samedi 5 décembre, entre 09:30 et 10:30'. */
export function formatTimeWindow(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  return `${longDay(inParis(start))}, ${formatClockWindow(start, new Date(endIso))}`;
}

/** A window's hours alone, e.g. 'entre 09:30 et 10:30'. */
export function formatClockWindow(start: Date, end: Date): string {
  return `entre ${clock(inParis(start))} et ${clock(inParis(end))}`;
}

const NBSP = '\u00a0';

/**
 * A phone number as French writes it, in pairs of digits kept on one line: '0612345678' →
 * '06 12 34 56 78'; '+33612345678', '0033…' or '+33 (0)6…' → '+33 6 12 34 56 78'. A number of
 * another country, or one that is not a phone number, is shown as it was typed.
 */
export function formatPhone(value: string): string {
  const typed = value.trim().replace(/\s+/g, ' ');
  const compact = typed.replace(/[\s.()-]/g, '');
  const pairs = (digits: string) => digits.match(/\d{2}/g)!.join(NBSP);
  if (/^0[1-9]\d{8}$/.test(compact)) return pairs(compact);
  const international = /^(?:\+|00)33(?:0)?([1-9]\d{8})$/.exec(compact);
  if (international) {
    const [first, rest] = [international[1]!.slice(0, 1), international[1]!.slice(1)];
    return `+33${NBSP}${first}${NBSP}${pairs(rest)}`;
  }
  return typed.replace(/ /g, NBSP);
}

/** The tel: link of a phone number: its digits, with the + of an international one. */
export function phoneHref(value: string): string {
  return `tel:${formatPhone(value).replace(/[^\d+]/g, '')}`;
}

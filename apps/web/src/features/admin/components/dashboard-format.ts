import { firstOfMonth, visibleSpaces } from '@vroum/core/french-typography';

/**
 * The dashboard's figures in French (fr-FR): shares as '45 %', days as '2,5 j', Paris days in
 * letters. Intl writes the narrow spaces the site draws as plain no-break spaces, and '1' where
 * French writes '1er'. Amounts use the site's `formatEuros` ('1 234,56 €').
 */
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const calendar = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' });
const monthAndYear = calendar({ month: 'long', year: 'numeric' });
const longDay = calendar({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const dayInWeek = calendar({ weekday: 'short', day: 'numeric' });
const dayAndMonth = calendar({ day: 'numeric', month: 'long' });
const parisClock = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** A calendar day (yyyy-mm-dd) read at noon UTC: the same day in any zone. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

export const formatShare = (share: number) => visibleSpaces(percent.format(share));
/** Minutes as days with at most one decimal: 3600 → '2,5 j'. */
export const formatDays = (minutes: number) =>
  `${visibleSpaces(oneDecimal.format(minutes / 1440))}\u00a0j`;
/** 'mars 2026'. */
export const formatMonth = (day: string) => monthAndYear.format(noon(day));
/** 'mercredi 25 mars 2026', 'dimanche 1er mars 2026'. */
export const formatDay = (day: string) => firstOfMonth(longDay.format(noon(day)));
/** 'mer. 25'. */
export const formatWeekDay = (day: string) => dayInWeek.format(noon(day));
/** 'du 23 au 29 mars', 'du 30 mars au 5 avril'. */
export function formatWeek(from: string, to: string) {
  const [start, end] = [firstOfMonth(dayAndMonth.format(noon(from))), dayAndMonth.format(noon(to))];
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  return `du ${sameMonth ? start.replace(/\s\D+$/, '') : start} au ${firstOfMonth(end)}`;
}
/** An instant's time in Paris: '14:00'. */
export const formatClock = (iso: string) => parisClock.format(new Date(iso));
/** '1 facture', '3 factures'. */
export const counted = (count: number, one: string, many: string) =>
  `${count}\u00a0${count > 1 ? many : one}`;

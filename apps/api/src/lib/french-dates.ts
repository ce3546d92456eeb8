import { firstOfMonth } from '@vroum/core/french-typography';

const fullDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/**
 * A moment as the customer and the agent read it, in Paris time, the first of the month written
 * « 1er »: « samedi 1er décembre 2026 à 10:00 ».
 */
export const parisDateTime = (at: Date | string): string =>
  firstOfMonth(fullDateTime.format(new Date(at)));

const days = {
  full: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'Europe/Paris' }),
  long: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }),
};

/** A day in Paris time: « samedi 1er décembre 2026 » (full) or « 1er décembre 2026 » (long). */
export const parisDay = (at: Date | string, style: keyof typeof days = 'full'): string =>
  firstOfMonth(days[style].format(new Date(at)));

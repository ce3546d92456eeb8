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

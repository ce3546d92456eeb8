import { visibleSpaces } from './french-typography';
import { onFirstUse } from './on-first-use';

/**
 * Amounts as French readers expect them, the same in pages, mails and documents: '1 234,56 €',
 * its groups held by visible no-break spaces.
 */
const euros = onFirstUse(
  () => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
);
const wholeEuros = onFirstUse(
  () =>
    new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    }),
);

/** 123456 → '1 234,56 €' (always two decimals). */
export function formatEuros(cents: number): string {
  return visibleSpaces(euros().format(cents / 100));
}

/** 129900 → '1 299 €' for catalogue prices; two decimals when there are cents. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? visibleSpaces(wholeEuros().format(cents / 100)) : formatEuros(cents);
}

/**
 * Amounts as French readers expect them, the same in pages, mails and documents: '1 234,56 €'.
 * fr-FR groups thousands with a narrow no-break space, which the site's body font draws with no
 * width at all ('1234,56 €'): a plain no-break space keeps the groups visible and together.
 */
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

const visibleGroups = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** 123456 → '1 234,56 €' (always two decimals). */
export function formatEuros(cents: number): string {
  return visibleGroups(euros.format(cents / 100));
}

/** 129900 → '1 299 €' for catalogue prices; two decimals when there are cents. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? visibleGroups(wholeEuros.format(cents / 100)) : formatEuros(cents);
}

import { groupDigits } from './french-typography';

/**
 * Amounts as French readers expect them, the same in pages, mails and documents: '1 234,56 €',
 * its groups and its sign held by visible no-break spaces.
 *
 * Written out rather than asked of Intl: a page's first Intl formatter loads the locale's data
 * (15–25 ms on a desktop, four times that on a mid-range phone), and the catalogue pages format
 * prices while the app takes the page over. The tests hold the output to Intl's fr-FR currency
 * format, whose narrow spaces the site draws as plain no-break spaces.
 */
const EURO = '\u00a0€';

/** A whole number of cents (rounded half away from zero), its sign apart. */
function splitCents(cents: number): { sign: string; euros: number; rest: number } {
  const whole = Math.round(Math.abs(cents));
  return {
    sign: cents < 0 && whole > 0 ? '-' : '',
    euros: Math.floor(whole / 100),
    rest: whole % 100,
  };
}

/** 123456 → '1 234,56 €' (always two decimals). */
export function formatEuros(cents: number): string {
  const { sign, euros, rest } = splitCents(cents);
  return `${sign}${groupDigits(euros)},${String(rest).padStart(2, '0')}${EURO}`;
}

/** 129900 → '1 299 €' for catalogue prices; two decimals when there are cents. */
export function formatPrice(cents: number): string {
  const { sign, euros, rest } = splitCents(cents);
  return rest === 0 ? `${sign}${groupDigits(euros)}${EURO}` : formatEuros(cents);
}

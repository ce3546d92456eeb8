import { describe, expect, it } from 'vitest';
import { formatEuros, formatPrice } from './money-format';

/** Intl's fr-FR currency format, its narrow spaces drawn as plain no-break spaces. */
const intlEuros = (cents: number, wholeOnly = false) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    ...(wholeOnly ? { maximumFractionDigits: 0 } : {}),
  })
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');

/** Amounts from a cent to ten billion euros, each order of magnitude with odd digits. */
const AMOUNTS = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1050, 99_999, 100_000, 123_456, 2_500_000];
for (let power = 1; power <= 12; power += 1) {
  AMOUNTS.push(10 ** power, 10 ** power - 1, 7 * 10 ** power + 34, 123_456_789 % 10 ** power);
}

describe('amounts in French', () => {
  it('groups thousands with a visible no-break space, never the narrow one', () => {
    expect(formatEuros(123456)).toBe('1\u00a0234,56\u00a0€');
    expect(formatPrice(129900)).toBe('1\u00a0299\u00a0€');
    expect(formatEuros(1_000_000_00)).not.toMatch(/\u202f/);
  });

  it('keeps two decimals for amounts and drops them for whole catalogue prices', () => {
    expect(formatEuros(24900)).toBe('249,00\u00a0€');
    expect(formatPrice(24900)).toBe('249\u00a0€');
    expect(formatPrice(24950)).toBe('249,50\u00a0€');
  });

  it('writes every amount as Intl’s French currency format does, refunds with their sign', () => {
    for (const cents of AMOUNTS.flatMap((amount) => [amount, -amount]).filter(Boolean)) {
      expect(formatEuros(cents), String(cents)).toBe(intlEuros(cents));
      expect(formatPrice(cents), String(cents)).toBe(
        cents % 100 === 0 ? intlEuros(cents, true) : intlEuros(cents),
      );
    }
    expect(formatEuros(0)).toBe(intlEuros(0));
  });

  it('rounds a fraction of a cent half away from zero, as Intl does', () => {
    expect(formatEuros(1234.5)).toBe('12,35\u00a0€');
    expect(formatEuros(-1234.5)).toBe('-12,35\u00a0€');
    expect(formatEuros(1234.4)).toBe('12,34\u00a0€');
    expect(formatEuros(-0.4)).toBe('0,00\u00a0€');
  });
});

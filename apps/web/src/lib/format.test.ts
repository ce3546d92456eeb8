import { describe, expect, it } from 'vitest';
import {
  formatAdminDate,
  formatEuros,
  formatLongDate,
  formatLongDateTime,
  formatPrice,
  formatShortDate,
} from './format';

// Intl puts narrow no-break spaces in French numbers: compare on normal spaces.
const plain = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');

describe('French formatting', () => {
  it('shows amounts in euros with two decimals', () => {
    expect(plain(formatEuros(2887))).toBe('28,87 €');
    expect(plain(formatEuros(1_000_000))).toBe('10 000,00 €');
  });

  it('shows whole catalogue prices without decimals', () => {
    expect(plain(formatPrice(129_900))).toBe('1 299 €');
    expect(plain(formatPrice(1099))).toBe('10,99 €');
  });

  it('formats dates in the French styles (long, dd MMM yyyy, dd/MM/yyyy), in Paris time', () => {
    expect(formatShortDate('1990-03-07')).toBe('07/03/1990');
    expect(formatAdminDate('2026-12-05T09:00:00Z')).toBe('05 déc. 2026');
    expect(formatLongDate('2026-07-14')).toBe('14 juillet 2026');
    expect(formatLongDateTime('2026-12-05T09:00:00Z')).toBe('samedi 5 décembre 2026 à 10:00');
  });
});

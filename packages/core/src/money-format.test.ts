import { describe, expect, it } from 'vitest';
import { formatEuros, formatPrice } from './money-format';

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
});

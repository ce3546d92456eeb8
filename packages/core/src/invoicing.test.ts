import { describe, expect, it } from 'vitest';
import { exclusiveOfVat, priceDocumentLines, shareInProportion, vatByRate } from './invoicing';

describe('a document’s VAT', () => {
  it('computes VAT once per rate on what the customer paid, the lines adding up to the cent', () => {
    const { lines, totals } = priceDocumentLines([
      { label: 'Location', quantity: 3, ttcCents: 89_700, vat: 'standard' },
      { label: 'Livraison', quantity: 1, ttcCents: 4_999, vat: 'standard' },
      { label: 'Code promo', quantity: 1, ttcCents: -1_001, vat: 'standard' },
      { label: 'Dommages', quantity: 1, ttcCents: 20_000, vat: 'outside' },
    ]);
    expect(totals.ttcCents).toBe(113_698);
    const [standard, outside] = vatByRate(lines);
    expect(standard).toEqual({
      rateBp: 2000,
      htCents: exclusiveOfVat(93_698, 2000),
      vatCents: 93_698 - exclusiveOfVat(93_698, 2000),
    });
    expect(outside).toEqual({ rateBp: null, htCents: 20_000, vatCents: 0 });
    expect(totals.htCents + totals.vatCents).toBe(totals.ttcCents);
    for (const line of lines) expect(line.htCents + line.vatCents).toBe(line.ttcCents);
    expect(lines.map((line) => line.account)).toEqual(['706', '706', '706', '758']);
  });

  it('rounds 20 % VAT to the cent: 123,45 € is 102,88 € excluding VAT and 20,57 € of VAT', () => {
    const { totals } = priceDocumentLines([
      { label: 'Remboursement', quantity: 1, ttcCents: 12_345, vat: 'standard' },
    ]);
    expect(totals).toEqual({ htCents: 10_288, vatCents: 2_057, ttcCents: 12_345 });
  });

  it('shares an amount in proportion without losing a cent', () => {
    expect(shareInProportion(1_000, [1, 1, 1])).toEqual([333, 333, 334]);
    expect(shareInProportion(999, [0, 0])).toEqual([999, 0]);
  });
});

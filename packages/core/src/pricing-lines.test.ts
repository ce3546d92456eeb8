import { describe, expect, it } from 'vitest';
import { computeQuote } from './pricing';
import { quoteLines } from './pricing-lines';

const threeDays = {
  pricePerDayCents: 24_900,
  depositCents: 500_000,
  start: new Date('2027-03-01T10:00:00Z'),
  end: new Date('2027-03-04T10:00:00Z'),
  deliveryFeeCents: 0,
  withDriver: false,
  unlimitedKm: false,
  protection: 'none' as const,
  options: [],
};

describe('quoteLines', () => {
  it('gives the days at the daily price and a free delivery, and nothing not chosen', () => {
    const lines = quoteLines(computeQuote(threeDays), {
      protection: 'none',
      collectedElsewhere: false,
    });
    expect(lines).toEqual([
      { label: '249,00\u00a0€ × 3\u00a0jours', amountCents: 74_700 },
      { label: 'Livraison', amountCents: 0 },
    ]);
  });

  it('names the chauffeur hours, unlimited km, collection, protection, options and promotion', () => {
    const quote = computeQuote({
      ...threeDays,
      withDriver: true,
      unlimitedKm: true,
      deliveryFeeCents: 4_000,
      returnFeeCents: 3_000,
      protection: 'complete',
      options: ['baby_seat'],
      promotion: { code: 'BIENVENUE', discountType: 'percentage', discountValue: 1000 },
    });
    const lines = quoteLines(quote, {
      protection: 'complete',
      collectedElsewhere: true,
      promotionCode: 'BIENVENUE',
    });
    expect(lines.map((line) => line.label)).toEqual([
      '249,00\u00a0€ × 3\u00a0jours',
      'Chauffeur\u00a0: 72\u00a0h × 40,00\u00a0€',
      'Kilométrage illimité × 3\u00a0jours',
      'Livraison',
      'Restitution à une autre adresse',
      'Protection Complète',
      'Siège bébé',
      'Code promo BIENVENUE',
    ]);
    const sum = lines.reduce((total, line) => total + line.amountCents, 0);
    expect(sum).toBe(quote.totalCents);
    expect(lines.at(-1)?.amountCents).toBe(-quote.discountCents);
  });
});

import { describe, expect, it } from 'vitest';
import { EXTRAS, extraCostCents } from './extras';
import { PROTECTION_PLANS } from './protection';
import { chauffeurHours, computeQuote, rentalDays, type QuoteInput } from './pricing';

const at = (iso: string) => new Date(iso);

describe('rentalDays (days rounded up, minimum 1)', () => {
  it.each([
    ['2027-01-01T10:00:00Z', '2027-01-01T12:00:00Z', 1],
    ['2027-01-01T10:00:00Z', '2027-01-02T10:00:00Z', 1],
    ['2027-01-01T10:00:00Z', '2027-01-02T10:01:00Z', 2],
    ['2027-01-01T10:00:00Z', '2027-01-08T10:00:00Z', 7],
    ['2027-01-01T10:00:00Z', '2027-01-01T10:00:00Z', 1],
  ])('%s → %s is %i day(s)', (start, end, days) => {
    expect(rentalDays(at(start), at(end))).toBe(days);
  });
});

describe('chauffeurHours (elapsed hours rounded up)', () => {
  it.each([
    ['2027-01-01T10:00:00Z', '2027-01-01T13:00:00Z', 3],
    ['2027-01-01T10:00:00Z', '2027-01-01T13:20:00Z', 4],
    ['2027-01-01T10:00:00Z', '2027-01-02T10:00:00Z', 24],
  ])('%s → %s is %i hour(s)', (start, end, hours) => {
    expect(chauffeurHours(at(start), at(end))).toBe(hours);
  });
});

const panamera: QuoteInput = {
  pricePerDayCents: 24_900,
  depositCents: 350_000,
  start: at('2027-03-01T10:00:00Z'),
  end: at('2027-03-04T10:00:00Z'),
  deliveryFeeCents: 0,
  withDriver: false,
  unlimitedKm: false,
  protection: 'none',
  options: [],
};

describe('computeQuote', () => {
  it('prices the rental alone as days × daily price', () => {
    const quote = computeQuote(panamera);
    expect(quote).toMatchObject({ days: 3, basePriceCents: 74_700, totalCents: 74_700 });
    expect(quote.depositCents).toBe(350_000);
  });

  it('adds the delivery fee', () => {
    expect(computeQuote({ ...panamera, deliveryFeeCents: 28_000 }).totalCents).toBe(102_700);
  });

  it('adds the chauffeur at 40 € per started hour (vehicle-page total)', () => {
    const quote = computeQuote({
      ...panamera,
      end: at('2027-03-01T15:30:00Z'),
      withDriver: true,
    });
    expect(quote).toMatchObject({ days: 1, chauffeurHours: 6, chauffeurCostCents: 24_000 });
    expect(quote.totalCents).toBe(24_900 + 24_000);
  });

  it('adds unlimited kilometres at 50 € per day', () => {
    expect(computeQuote({ ...panamera, unlimitedKm: true }).unlimitedKmCostCents).toBe(15_000);
  });

  it.each(PROTECTION_PLANS.map((plan) => [plan.id, plan.pricePerDayCents] as const))(
    'adds the %s protection per day',
    (id, perDay) => {
      expect(computeQuote({ ...panamera, protection: id }).protectionCostCents).toBe(perDay * 3);
    },
  );

  it('prices the four protection plans per day', () => {
    expect(PROTECTION_PLANS.map((plan) => [plan.id, plan.pricePerDayCents])).toEqual([
      ['complete', 2887],
      ['intermediate', 2353],
      ['basic', 423],
      ['none', 0],
    ]);
  });

  it.each(EXTRAS.map((extra) => [extra.id, extraCostCents(extra, 3)] as const))(
    'adds the %s extra',
    (id, cost) => {
      expect(computeQuote({ ...panamera, options: [id] }).optionsCostCents).toBe(cost);
    },
  );

  it('prices the extras per day, the booster once', () => {
    expect(EXTRAS.map((extra) => [extra.id, extraCostCents(extra, 2)])).toEqual([
      ['additional_driver', 2600],
      ['tyre_glass_protection', 1798],
      ['interior_protection', 998],
      ['baby_seat', 3200],
      ['child_seat', 3200],
      ['booster_seat', 1099],
      ['snow_chains', 3000],
    ]);
  });

  it('adds up the checkout total with every line', () => {
    const quote = computeQuote({
      ...panamera,
      deliveryFeeCents: 6000,
      unlimitedKm: true,
      protection: 'complete',
      options: ['additional_driver', 'booster_seat', 'additional_driver'],
    });
    // 747 + 60 + 150 + 86.61 + (39 + 10.99) = 1093.60 €
    expect(quote.optionLines.map((line) => line.id)).toEqual(['additional_driver', 'booster_seat']);
    expect(quote.totalCents).toBe(74_700 + 6000 + 15_000 + 8661 + 3900 + 1099);
  });

  it('takes a percentage promotion off the subtotal, rounded to the cent', () => {
    const quote = computeQuote({
      ...panamera,
      promotion: { code: 'BIENVENUE', discountType: 'percentage', discountValue: 1050 },
    });
    expect(quote.discountCents).toBe(7844); // 10.5 % of 747 € = 78.435 €
    expect(quote.totalCents).toBe(74_700 - 7844);
  });

  it('never lets a fixed promotion make the total negative', () => {
    const quote = computeQuote({
      ...panamera,
      promotion: { code: 'GESTE', discountType: 'fixed', discountValue: 10_000_000 },
    });
    expect(quote.totalCents).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { computeQuote } from './pricing';
import { priceExtension } from './rental-extension';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pickupDate = new Date('2027-03-01T09:00:00Z');
const booked = {
  pricePerDayCents: 30_000,
  depositCents: 350_000,
  pickupDate,
  returnDate: new Date(pickupDate.getTime() + 3 * DAY),
  withDriver: false,
  unlimitedKm: true,
  protection: 'complete' as const,
  options: ['child_seat', 'booster_seat'] as const,
};

describe('priceExtension', () => {
  it('prices whole added days as a quote of those days, without delivery or the one-off option', () => {
    const newReturnDate = new Date(booked.returnDate.getTime() + 2 * DAY);
    const price = priceExtension({ ...booked, newReturnDate });
    const quote = computeQuote({
      ...booked,
      start: booked.returnDate,
      end: newReturnDate,
      deliveryFeeCents: 0,
      options: ['child_seat'],
    });
    expect(price.days).toBe(2);
    expect(price.totalCents).toBe(quote.totalCents);
    expect(price.lines.map((line) => line.label)).not.toContain('Rehausseur');
    expect(price.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(price.totalCents);
  });

  it('charges nothing for hours kept within a day already paid, and a day for the next one', () => {
    const shortReturn = new Date(pickupDate.getTime() + 3 * DAY - 2 * HOUR);
    const within = priceExtension({
      ...booked,
      returnDate: shortReturn,
      newReturnDate: booked.returnDate,
    });
    expect(within).toEqual({ days: 0, lines: [], totalCents: 0 });
    const next = priceExtension({
      ...booked,
      newReturnDate: new Date(booked.returnDate.getTime() + HOUR),
    });
    expect(next.days).toBe(1);
  });

  it('charges the chauffeur by the hour', () => {
    const price = priceExtension({
      ...booked,
      withDriver: true,
      newReturnDate: new Date(booked.returnDate.getTime() + 5 * HOUR),
    });
    expect(price.lines.find((line) => line.label.startsWith('Chauffeur'))?.amountCents).toBe(
      5 * 4000,
    );
  });
});

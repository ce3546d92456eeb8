import { describe, expect, it } from 'vitest';
import { cancellationTerms } from './cancellation';

const start = new Date('2027-06-10T10:00:00Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);

describe('the cancellation terms', () => {
  it('refund everything more than 48 h before the start', () => {
    expect(cancellationTerms(start, 100_000, 0, hoursBefore(49))).toEqual({
      feeRate: 0,
      feeCents: 0,
      refundCents: 100_000,
      freeUntil: hoursBefore(48),
    });
  });

  it('keep half between 48 h and 24 h, all of it in the last 24 h', () => {
    expect(cancellationTerms(start, 100_001, 0, hoursBefore(48))).toMatchObject({
      feeCents: 50_001,
      refundCents: 50_000,
    });
    expect(cancellationTerms(start, 100_000, 0, hoursBefore(24))).toMatchObject({
      feeRate: 1,
      refundCents: 0,
    });
  });

  it('never refund more than what remains after an earlier refund', () => {
    expect(cancellationTerms(start, 100_000, 80_000, hoursBefore(72)).refundCents).toBe(20_000);
    expect(cancellationTerms(start, 100_000, 80_000, hoursBefore(30)).refundCents).toBe(20_000);
  });
});

import { describe, expect, it } from 'vitest';
import { planRefund, refundOrder, type RefundableKind } from './refunds';

const payment = (id: number, kind: RefundableKind, capturedCents: number, refundedCents = 0) => ({
  id,
  kind,
  capturedCents,
  refundedCents,
});
const rental = payment(1, 'rental_capture', 100_000, 10_000);
const extension = payment(2, 'extension_payment', 30_000);
const charge = payment(3, 'card_charge', 5_000);

describe('the order a refund takes the payments in', () => {
  it('gives back the latest payment first, the kinds it is about before the rest', () => {
    expect(refundOrder([rental, extension, charge]).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(refundOrder([rental, extension, charge], ['rental_capture']).map((p) => p.id)).toEqual([
      1, 3, 2,
    ]);
  });
});

describe('a refund split over the booking’s payments', () => {
  it('takes each part from what remains on its payment, in order', () => {
    expect(planRefund([rental, extension], 50_000)).toEqual({
      ok: true,
      parts: [
        { payment: extension, amountCents: 30_000 },
        { payment: rental, amountCents: 20_000 },
      ],
    });
  });

  it('is one part when the latest payment holds it all, and skips a payment given back', () => {
    expect(planRefund([rental, extension], 30_000)).toMatchObject({
      ok: true,
      parts: [{ payment: extension }],
    });
    const spent = payment(4, 'extension_payment', 30_000, 30_000);
    expect(planRefund([rental, spent], 1_000)).toMatchObject({
      ok: true,
      parts: [{ payment: rental }],
    });
  });

  it('refuses more than the booking has left, naming what is left', () => {
    expect(planRefund([rental, extension], 120_001)).toEqual({
      ok: false,
      reason: 'too_large',
      refundableCents: 120_000,
    });
    expect(planRefund([payment(1, 'rental_capture', 100, 100)], 1)).toMatchObject({
      ok: false,
      reason: 'nothing_left',
    });
  });

  it('takes a refund naming a payment from that payment only, never beyond what remains on it', () => {
    expect(planRefund([rental, extension], 30_000, { paymentId: 2 })).toEqual({
      ok: true,
      parts: [{ payment: extension, amountCents: 30_000 }],
    });
    expect(planRefund([rental, extension], 30_001, { paymentId: 2 })).toEqual({
      ok: false,
      reason: 'too_large',
      refundableCents: 30_000,
    });
    expect(planRefund([rental], 1, { paymentId: 9 })).toMatchObject({ reason: 'unknown_payment' });
  });
});

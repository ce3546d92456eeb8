import { describe, expect, it } from 'vitest';
import { ledgerTotals, type LedgerMovement } from './ledger';

const move = (
  kind: LedgerMovement['kind'],
  amountCents: number,
  state: LedgerMovement['state'] = 'done',
) => ({ kind, amountCents, state });

describe('a booking’s balances from its ledger', () => {
  it('counts what was paid, refunded, held and is still due', () => {
    expect(
      ledgerTotals([
        move('rental_capture', 100_000),
        move('rental_refund', 20_000),
        move('rental_refund', 5_000, 'pending'),
        move('deposit_hold', 300_000),
        move('deposit_capture', 50_000),
        move('deposit_release', 250_000),
        move('charge_due', 12_000),
        move('balance_payment', 2_000),
      ]),
    ).toEqual({
      paidCents: 152_000,
      refundedCents: 20_000,
      refundPendingCents: 5_000,
      depositHeldCents: 0,
      depositCapturedCents: 50_000,
      dueCents: 10_000,
    });
  });

  it('no longer counts as due what a dispute gave up, nor as paid', () => {
    const totals = ledgerTotals([
      move('charge_due', 30_000),
      move('charge_waived', 20_000),
      move('balance_payment', 10_000),
    ]);
    expect(totals).toMatchObject({ dueCents: 0, paidCents: 10_000 });
  });

  it('keeps a renewed deposit held once', () => {
    const totals = ledgerTotals([
      move('deposit_hold', 300_000),
      move('deposit_hold', 300_000),
      move('deposit_release', 300_000),
    ]);
    expect(totals.depositHeldCents).toBe(300_000);
  });
});

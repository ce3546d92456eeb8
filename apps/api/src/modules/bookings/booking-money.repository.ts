import type { Queryable } from '../../db/client';

/** The money movements of a booking: refunds, deposit captures and released authorisations. */
export type MoneyAction =
  | 'booking.refund'
  | 'booking.deposit_capture'
  | 'booking.extra_charge'
  | 'booking.balance_due'
  | 'booking.balance_paid';

export interface OpenIntent {
  provider_ref: string;
  kind: 'rental' | 'deposit';
  amount_cents: number;
}

/** Authorisations of the booking still open at the provider (not captured, not cancelled). */
export async function findOpenIntents(
  db: Queryable,
  bookingId: string,
  provider: string,
  kinds: readonly ('rental' | 'deposit')[],
): Promise<OpenIntent[]> {
  const { rows } = await db.query<OpenIntent>(
    `select provider_ref, kind, amount_cents from payments
      where booking_id = $1 and provider = $2 and kind = any($3::text[])
        and status in ('requires_payment_method', 'requires_confirmation', 'requires_action',
                       'requires_capture', 'processing')`,
    [bookingId, provider, kinds],
  );
  return rows;
}

/** The deposit authorisation currently held on the card, if any. */
export async function findDepositHold(
  db: Queryable,
  bookingId: string,
  provider: string,
): Promise<{ provider_ref: string; amount_cents: number } | null> {
  const { rows } = await db.query<{ provider_ref: string; amount_cents: number }>(
    `select provider_ref, amount_cents from payments
      where booking_id = $1 and kind = 'deposit' and provider = $2 and status = 'requires_capture'
      order by created_at desc limit 1`,
    [bookingId, provider],
  );
  return rows[0] ?? null;
}

/** A deposit authorisation by its processor reference, whatever its status now. */
export async function findHoldOf(
  db: Queryable,
  providerRef: string,
): Promise<{ provider_ref: string; amount_cents: number } | null> {
  const { rows } = await db.query<{ provider_ref: string; amount_cents: number }>(
    `select provider_ref, amount_cents from payments where provider_ref = $1 and kind = 'deposit'`,
    [providerRef],
  );
  return rows[0] ?? null;
}

/** Whether the money action of this idempotency key is already recorded in the audit log. */
export async function isMoneyActionRecorded(
  db: Queryable,
  bookingId: string,
  action: MoneyAction,
  key: string,
): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(
    `select exists (select 1 from audit_log where entity = 'booking' and entity_id = $1
       and action = $2 and after ->> 'idempotencyKey' = $3) as done`,
    [bookingId, action, key],
  );
  return rows[0]?.done === true;
}

/** Locks the booking and its payment; returns their state before a refund is recorded. */
export async function lockRentalPayment(
  tx: Queryable,
  bookingId: string,
  provider: string,
  providerRef: string,
): Promise<{ payment_status: string; amount_refunded_cents: number } | null> {
  const { rows } = await tx.query<{ payment_status: string; amount_refunded_cents: number }>(
    `select b.payment_status, p.amount_refunded_cents from bookings b
       join payments p on p.booking_id = b.id and p.provider = $2 and p.provider_ref = $3
      where b.id = $1 for update of b, p`,
    [bookingId, provider, providerRef],
  );
  return rows[0] ?? null;
}

/**
 * Adds a refund to the payment. Returns its refunded total and whether all of it is given back.
 */
export async function recordRefund(
  tx: Queryable,
  provider: string,
  providerRef: string,
  amountCents: number,
): Promise<{ refundedCents: number; fullyRefunded: boolean }> {
  const { rows } = await tx.query<{ amount_refunded_cents: number; amount_captured_cents: number }>(
    `update payments set amount_refunded_cents = amount_refunded_cents + $3, updated_at = now()
      where provider = $1 and provider_ref = $2
      returning amount_refunded_cents, amount_captured_cents`,
    [provider, providerRef, amountCents],
  );
  const after = rows[0]!;
  return {
    refundedCents: after.amount_refunded_cents,
    fullyRefunded: after.amount_refunded_cents >= after.amount_captured_cents,
  };
}

/** Records the capture of the deposit authorisation (the rest of it is released by it). */
export async function recordDepositCapture(
  tx: Queryable,
  payment: { provider: string; providerRef: string; status: string; capturedCents: number },
): Promise<void> {
  await tx.query(
    `update payments set status = $3, amount_captured_cents = $4, updated_at = now()
      where provider = $1 and provider_ref = $2`,
    [payment.provider, payment.providerRef, payment.status, payment.capturedCents],
  );
}

/** Records what the return decision could not take from the customer's card. */
export async function recordBalanceDue(
  tx: Queryable,
  bookingId: string,
  amountCents: number,
): Promise<void> {
  await tx.query(
    'update bookings set balance_due_cents = balance_due_cents + $2, updated_at = now() where id = $1',
    [bookingId, amountCents],
  );
}

/** What the customer still owes on the booking, its row locked until the transaction ends. */
export async function lockBalanceDue(tx: Queryable, bookingId: string): Promise<number | null> {
  const { rows } = await tx.query<{ balance_due_cents: number }>(
    'select balance_due_cents from bookings where id = $1 for update',
    [bookingId],
  );
  return rows[0]?.balance_due_cents ?? null;
}

/** Takes a payment received another way off what the customer owes. */
export async function reduceBalanceDue(
  tx: Queryable,
  bookingId: string,
  amountCents: number,
): Promise<void> {
  await tx.query(
    'update bookings set balance_due_cents = balance_due_cents - $2, updated_at = now() where id = $1',
    [bookingId, amountCents],
  );
}

/** The card saved at payment for off-session charges, if any. */
export async function findSavedCard(db: Queryable, bookingId: string): Promise<string | null> {
  const { rows } = await db.query<{ saved_payment_method: string | null }>(
    'select saved_payment_method from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.saved_payment_method ?? null;
}

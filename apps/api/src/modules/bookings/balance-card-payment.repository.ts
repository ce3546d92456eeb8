import type { Queryable } from '../../db/client';

export interface BalanceCardPaymentRow {
  id: string;
  booking_id: string;
  idempotency_key: string;
  provider: string;
  intent_id: string | null;
  amount_cents: number;
  status: 'open' | 'paid' | 'cancelled';
}

/** The card payment of the booking's balance under way, if any (one at a time). */
export async function findOpenBalanceCardPayment(
  db: Queryable,
  bookingId: string,
): Promise<BalanceCardPaymentRow | null> {
  const { rows } = await db.query<BalanceCardPaymentRow>(
    `select * from balance_card_payments where booking_id = $1 and status = 'open'`,
    [bookingId],
  );
  return rows[0] ?? null;
}

export async function findBalanceCardPaymentByIntent(
  db: Queryable,
  intentId: string,
): Promise<BalanceCardPaymentRow | null> {
  const { rows } = await db.query<BalanceCardPaymentRow>(
    'select * from balance_card_payments where intent_id = $1',
    [intentId],
  );
  return rows[0] ?? null;
}

/** Claims the card payment of `amountCents` under a key of its own, before the processor. */
export async function insertBalanceCardPayment(
  tx: Queryable,
  payment: { bookingId: string; provider: string; amountCents: number },
): Promise<BalanceCardPaymentRow> {
  const { rows: counted } = await tx.query<{ n: number }>(
    'select count(*)::int as n from balance_card_payments where booking_id = $1',
    [payment.bookingId],
  );
  const key = `booking:${payment.bookingId}:balance-card:${(counted[0]?.n ?? 0) + 1}`;
  const { rows } = await tx.query<BalanceCardPaymentRow>(
    `insert into balance_card_payments (booking_id, idempotency_key, provider, amount_cents)
     values ($1, $2, $3, $4) returning *`,
    [payment.bookingId, key, payment.provider, payment.amountCents],
  );
  return rows[0]!;
}

export async function setBalanceCardIntent(
  db: Queryable,
  id: string,
  intentId: string,
): Promise<void> {
  await db.query(
    'update balance_card_payments set intent_id = $2 where id = $1 and intent_id is null',
    [id, intentId],
  );
}

/**
 * Closes the card payment as paid or cancelled; false when it was already paid (the payment is
 * then recorded, by whoever closed it first).
 */
export async function closeBalanceCardPayment(
  tx: Queryable,
  id: string,
  status: 'paid' | 'cancelled',
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update balance_card_payments set status = $2, settled_at = now()
      where id = $1 and status <> 'paid'`,
    [id, status],
  );
  return rowCount === 1;
}

/** What the customer still owes on the booking (0 when nothing; null for no booking). */
export async function findBalanceDue(db: Queryable, bookingId: string): Promise<number | null> {
  const { rows } = await db.query<{ balance_due_cents: number }>(
    'select balance_due_cents from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.balance_due_cents ?? null;
}

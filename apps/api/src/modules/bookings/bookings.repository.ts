import type { Queryable } from '../../db/client';

export interface BookingPaymentRow {
  id: string;
  reference: string;
  user_id: string | null;
  vehicle_id: string;
  vehicle_name: string;
  booking_status: 'pending' | 'confirmed' | 'active' | 'completed' | 'cancelled';
  payment_status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  pickup_date: Date;
  return_date: Date;
  total_price_cents: number;
  deposit_amount_cents: number;
  deposit_status: string;
  deposit_due_at: Date | null;
  hold_expires_at: Date | null;
  promotion_id: string | null;
  customer_email: string | null;
  saved_payment_method: string | null;
  rental_intent_id: string | null;
}

const SELECT = `select b.id, b.reference, b.user_id, b.vehicle_id, v.name as vehicle_name,
    b.booking_status, b.payment_status, b.pickup_date, b.return_date, b.total_price_cents,
    b.deposit_amount_cents, b.deposit_status, b.deposit_due_at, b.hold_expires_at, b.promotion_id,
    b.customer_email, b.saved_payment_method,
    (select p.provider_ref from payments p where p.booking_id = b.id and p.kind = 'rental'
      order by p.created_at desc limit 1) as rental_intent_id
  from bookings b join vehicles v on v.id = b.vehicle_id`;

export async function findBookingForPayment(db: Queryable, bookingId: string) {
  const { rows } = await db.query<BookingPaymentRow>(`${SELECT} where b.id = $1`, [bookingId]);
  return rows[0] ?? null;
}

export async function findBookingByIntent(db: Queryable, provider: string, intentId: string) {
  const { rows } = await db.query<BookingPaymentRow>(
    `${SELECT} where b.id = (select booking_id from payments where provider = $1 and provider_ref = $2)`,
    [provider, intentId],
  );
  return rows[0] ?? null;
}

export async function findBookingByIdempotencyKey(db: Queryable, userId: string, key: string) {
  const { rows } = await db.query<BookingPaymentRow>(
    `${SELECT} where b.user_id = $1 and b.idempotency_key = $2`,
    [userId, key],
  );
  return rows[0] ?? null;
}

/** Records a provider intent and the status it was last seen in. */
export async function upsertPayment(
  db: Queryable,
  payment: {
    bookingId: string;
    provider: string;
    providerRef: string;
    kind: 'rental' | 'deposit';
    amountCents: number;
    status: string;
    amountCapturedCents?: number;
    captureBefore?: Date | null;
    lastError?: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into payments (booking_id, provider, provider_ref, kind, amount_cents, status,
       amount_captured_cents, capture_before, last_error, status_history)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, jsonb_build_array(jsonb_build_object('status', $6::text, 'at', now())))
     on conflict (provider, provider_ref) do update set
       status = excluded.status,
       amount_captured_cents = greatest(payments.amount_captured_cents, excluded.amount_captured_cents),
       capture_before = case when excluded.status in ('canceled', 'succeeded') then null
         else coalesce(excluded.capture_before, payments.capture_before) end,
       last_error = case when excluded.status = payments.status
         then coalesce(excluded.last_error, payments.last_error) else excluded.last_error end,
       status_history = case when payments.status = excluded.status then payments.status_history
         else payments.status_history || jsonb_build_array(jsonb_build_object('status', excluded.status, 'at', now())) end,
       updated_at = now()`,
    [
      payment.bookingId,
      payment.provider,
      payment.providerRef,
      payment.kind,
      payment.amountCents,
      payment.status,
      payment.amountCapturedCents ?? 0,
      payment.captureBefore ?? null,
      payment.lastError ?? null,
    ],
  );
}

import type { CreateBookingRequest } from '@vroum/core/checkout';
import type { Quote } from '@vroum/core/pricing';
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

/**
 * Serialises the payment starts of one car until the transaction ends (a transaction-level
 * advisory lock keyed on the vehicle: other cars are not held up).
 */
export async function lockVehicleBookings(tx: Queryable, vehicleId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('booking:' || $1::text, 0))`, [
    vehicleId,
  ]);
}

/** The lapsed unpaid holds on a car, which the next payment start cancels. */
export async function findLapsedHolds(
  tx: Queryable,
  vehicleId: string,
): Promise<{ id: string; promotion_id: string | null }[]> {
  const { rows } = await tx.query<{ id: string; promotion_id: string | null }>(
    `select id, promotion_id from bookings
      where vehicle_id = $1 and booking_status = 'pending' and payment_status = 'pending'
        and hold_expires_at <= now()`,
    [vehicleId],
  );
  return rows;
}

/**
 * Whether the car is taken for any part of the period: confirmed or active, or pending with a
 * hold still running (or paid), or out of service under a fleet block. A lapsed unpaid hold does
 * not count: the next payment start cancels it.
 */
export async function isCarTaken(
  db: Queryable,
  vehicleSlug: string,
  start: string,
  end: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from bookings
      where vehicle_id = (select id from vehicles where slug = $1) and period && tstzrange($2, $3)
        and (booking_status in ('confirmed', 'active') or (booking_status = 'pending'
          and (payment_status <> 'pending' or hold_expires_at > now())))
     union all
     select 1 from vehicle_blocks
      where vehicle_id = (select id from vehicles where slug = $1) and lifted_at is null
        and period && tstzrange($2, $3)
      limit 1`,
    [vehicleSlug, start, end],
  );
  return rows.length > 0;
}

/** Holds of a customer still running while they pay. */
export async function countOpenHolds(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::int as count from bookings
      where user_id = $1 and booking_status = 'pending' and hold_expires_at > now()`,
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export interface NewPendingBooking {
  userId: string;
  vehicleId: string;
  request: CreateBookingRequest;
  promotionId: string | null;
  quote: Quote;
  holdMinutes: number;
  depositDueAt: Date;
  paymentProvider: string;
  idempotencyKey: string;
}

/** Inserts a booking `pending` that holds the car for `holdMinutes`; returns its id. */
export async function insertPendingBooking(tx: Queryable, b: NewPendingBooking): Promise<string> {
  const { request, quote } = b;
  const { rows } = await tx.query<{ id: string }>(
    `insert into bookings (user_id, vehicle_id, pickup_date, return_date, pickup_location,
       return_location, with_driver, unlimited_km, protection_plan, options, driver_info,
       promotion_id, base_price_cents, protection_cost_cents, options_cost_cents,
       chauffeur_cost_cents, unlimited_km_cost_cents, delivery_fee_cents, discount_cents,
       total_price_cents, deposit_amount_cents, special_requests, hold_expires_at,
       customer_email, deposit_status, deposit_due_at, payment_provider, idempotency_key,
       return_fee_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       $19, $20, $21, $22, now() + make_interval(mins => $23), $24, 'scheduled', $25, $26, $27,
       $28)
     returning id`,
    [
      b.userId,
      b.vehicleId,
      request.start,
      request.end,
      request.deliveryAddress,
      request.returnAddress || request.deliveryAddress,
      request.withDriver,
      request.unlimitedKm,
      request.protection,
      JSON.stringify([...new Set(request.options)]),
      JSON.stringify(request.driver),
      b.promotionId,
      quote.basePriceCents,
      quote.protectionCostCents,
      quote.optionsCostCents,
      quote.chauffeurCostCents,
      quote.unlimitedKmCostCents,
      quote.deliveryFeeCents,
      quote.discountCents,
      quote.totalCents,
      quote.depositCents,
      request.specialRequests || null,
      b.holdMinutes,
      request.driver.email,
      b.depositDueAt,
      b.paymentProvider,
      b.idempotencyKey,
      quote.returnFeeCents,
    ],
  );
  return rows[0]!.id;
}

export interface UpcomingBooking {
  id: string;
  reference: string;
  vehicleId: string;
  userId: string;
  customerEmail: string;
  isSupercar: boolean;
  pickupDate: Date;
  returnDate: Date;
  driver: { dateOfBirth: string; licenseIssueDate: string } | null;
}

/** Confirmed bookings delivered within the next `hours` hours (and not yet delivered). */
export async function findBookingsStartingWithin(
  db: Queryable,
  hours: number,
): Promise<UpcomingBooking[]> {
  const { rows } = await db.query<{
    id: string;
    reference: string;
    vehicle_id: string;
    user_id: string;
    customer_email: string;
    is_supercar: boolean;
    pickup_date: Date;
    return_date: Date;
    driver_info: UpcomingBooking['driver'];
  }>(
    `select b.id, b.reference, b.vehicle_id, b.user_id,
        coalesce(u.email, b.customer_email) as customer_email, v.is_supercar, b.pickup_date, b.return_date, b.driver_info
       from bookings b join vehicles v on v.id = b.vehicle_id join users u on u.id = b.user_id
      where b.booking_status = 'confirmed' and b.pickup_date > now()
        and b.pickup_date <= now() + make_interval(hours => $1)
      order by b.pickup_date limit 500`,
    [hours],
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    vehicleId: row.vehicle_id,
    userId: row.user_id,
    customerEmail: row.customer_email,
    isSupercar: row.is_supercar,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    driver: row.driver_info,
  }));
}

/** Marks a booking whose steps were not done 24 h before delivery, for the operations team. */
export async function flagBookingSteps(db: Queryable, bookingId: string): Promise<void> {
  await db.query(
    `update bookings set steps_flagged_at = coalesce(steps_flagged_at, now()) where id = $1`,
    [bookingId],
  );
}

import type { BookingStatus, PaymentStatus } from '@vroum/core/booking';
import type { BookingState, CancellationCause, DepositStatus } from '@vroum/core/booking-events';
import type { Queryable } from '../../db/client';

export interface BookingStateRow {
  id: string;
  reference: string;
  user_id: string | null;
  customer_email: string | null;
  vehicle_name: string;
  booking_status: BookingStatus;
  payment_status: PaymentStatus;
  deposit_status: DepositStatus;
  cancellation_cause: CancellationCause | null;
  promotion_id: string | null;
  pickup_date: Date;
  total_price_cents: number;
}

const STATE = `select b.id, b.reference, b.user_id, coalesce(b.customer_email, u.email) as customer_email,
    v.name as vehicle_name, b.booking_status, b.payment_status, b.deposit_status,
    b.cancellation_cause, b.promotion_id, b.pickup_date, b.total_price_cents
  from bookings b join vehicles v on v.id = b.vehicle_id left join users u on u.id = b.user_id`;

export async function findBookingState(
  db: Queryable,
  bookingId: string,
): Promise<BookingStateRow | null> {
  const { rows } = await db.query<BookingStateRow>(`${STATE} where b.id = $1`, [bookingId]);
  return rows[0] ?? null;
}

/** The booking's state, its row locked until the transaction ends. */
export async function lockBookingState(
  tx: Queryable,
  bookingId: string,
): Promise<BookingStateRow | null> {
  const { rows } = await tx.query<BookingStateRow>(`${STATE} where b.id = $1 for update of b`, [
    bookingId,
  ]);
  return rows[0] ?? null;
}

export const stateOf = (row: BookingStateRow): BookingState => ({
  booking: row.booking_status,
  payment: row.payment_status,
  deposit: row.deposit_status,
  cancellation: row.cancellation_cause,
});

/**
 * The one statement in the code that writes a booking's statuses: called by the booking events'
 * gate only, with the state core's table allowed. Leaving 'pending' ends the car's payment hold
 * (a lapsed hold's end is its instant, which the revival no longer needs either); a payment that
 * succeeds keeps the card saved for the deposit.
 */
export async function writeBookingState(
  tx: Queryable,
  bookingId: string,
  state: BookingState,
  savedPaymentMethod: string | null = null,
): Promise<void> {
  await tx.query(
    `update bookings set booking_status = $2, payment_status = $3, deposit_status = $4,
       cancellation_cause = $5,
       hold_expires_at = case when $2 = 'pending' then hold_expires_at else null end,
       saved_payment_method = coalesce($6, saved_payment_method), updated_at = now()
     where id = $1`,
    [
      bookingId,
      state.booking,
      state.payment,
      state.deposit,
      state.cancellation,
      savedPaymentMethod,
    ],
  );
}

/** Notes when the customer first asked to cancel and returns that instant. */
export async function markCancelRequested(db: Queryable, bookingId: string): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `update bookings set cancel_requested_at = coalesce(cancel_requested_at, now())
      where id = $1 returning cancel_requested_at as at`,
    [bookingId],
  );
  return rows[0]!.at;
}

/** When the customer first asked to cancel, if they did. */
export async function findCancelRequest(db: Queryable, bookingId: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    'select cancel_requested_at as at from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.at ?? null;
}

import type { BookingStatus } from '@vroum/core/booking';
import type { Queryable } from '../../db/client';

export interface BookingStateRow {
  id: string;
  reference: string;
  user_id: string | null;
  customer_email: string | null;
  vehicle_name: string;
  booking_status: BookingStatus;
  payment_status: string;
  deposit_status: string;
  pickup_date: Date;
  total_price_cents: number;
}

const STATE = `select b.id, b.reference, b.user_id, coalesce(b.customer_email, u.email) as customer_email,
    v.name as vehicle_name, b.booking_status, b.payment_status, b.deposit_status, b.pickup_date,
    b.total_price_cents
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

/**
 * Writes a new status. Leaving for good (cancelled, completed) ends the payment hold and marks a
 * deposit hold released (or never placed when it was only scheduled).
 */
export async function writeBookingStatus(
  tx: Queryable,
  bookingId: string,
  status: BookingStatus,
): Promise<Pick<BookingStateRow, 'booking_status' | 'payment_status' | 'deposit_status'>> {
  const { rows } = await tx.query<
    Pick<BookingStateRow, 'booking_status' | 'payment_status' | 'deposit_status'>
  >(
    `update bookings set booking_status = $2, hold_expires_at = null, updated_at = now(),
       deposit_status = case
         when $2 in ('cancelled', 'completed') and deposit_status = 'held' then 'released'
         when $2 in ('cancelled', 'completed') and deposit_status = 'scheduled' then 'not_held'
         else deposit_status end
     where id = $1 returning booking_status, payment_status, deposit_status`,
    [bookingId, status],
  );
  return rows[0]!;
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

import type { Queryable } from '../../db/client';

/**
 * Confirms a paid booking, reviving one whose hold lapsed while the customer paid (the database
 * refuses it with 23P01 if the car was booked meanwhile). True when this call confirmed it.
 */
export async function markBookingPaid(
  db: Queryable,
  bookingId: string,
  paymentMethodId: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update bookings set booking_status = 'confirmed', payment_status = 'succeeded',
       hold_expires_at = null, saved_payment_method = coalesce($2, saved_payment_method),
       updated_at = now()
      where id = $1 and payment_status <> 'succeeded'
        and (booking_status = 'pending' or (booking_status = 'cancelled' and payment_status = 'failed'))`,
    [bookingId, paymentMethodId],
  );
  return rowCount === 1;
}

/** A paid booking whose car was taken meanwhile: cancelled, its payment refunded. */
export async function cancelRefundedBooking(db: Queryable, bookingId: string): Promise<void> {
  await db.query(
    `update bookings set booking_status = 'cancelled', payment_status = 'refunded', updated_at = now()
      where id = $1`,
    [bookingId],
  );
}

/** Where the car is delivered. */
export async function findPickupLocation(db: Queryable, bookingId: string): Promise<string> {
  const { rows } = await db.query<{ pickup_location: string }>(
    'select pickup_location from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.pickup_location ?? '';
}

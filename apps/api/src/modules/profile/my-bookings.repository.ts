import type { BookingSummary } from '@vroum/core/booking';
import { bookingReference } from '@vroum/core/booking-status';
import type { Queryable } from '../../db/client';

interface Row {
  id: string;
  vehicle_name: string;
  vehicle_slug: string;
  vehicle_image_url: string;
  pickup_date: Date;
  return_date: Date;
  pickup_location: string;
  total_price_cents: number;
  booking_status: BookingSummary['bookingStatus'];
  payment_status: BookingSummary['paymentStatus'];
  created_at: Date;
}

/** The user's bookings, newest first (Profile → Réservations). */
export async function findBookingsOfUser(db: Queryable, userId: string): Promise<BookingSummary[]> {
  const { rows } = await db.query<Row>(
    `select b.id, v.name as vehicle_name, v.slug as vehicle_slug, v.image_url as vehicle_image_url,
            b.pickup_date, b.return_date, b.pickup_location, b.total_price_cents,
            b.booking_status, b.payment_status, b.created_at
       from bookings b join vehicles v on v.id = b.vehicle_id
      where b.user_id = $1
      order by b.created_at desc
      limit 100`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    reference: bookingReference(row.id),
    vehicleName: row.vehicle_name,
    vehicleSlug: row.vehicle_slug,
    vehicleImageUrl: row.vehicle_image_url,
    pickupDate: row.pickup_date.toISOString(),
    returnDate: row.return_date.toISOString(),
    pickupLocation: row.pickup_location,
    totalPriceCents: row.total_price_cents,
    bookingStatus: row.booking_status,
    paymentStatus: row.payment_status,
    createdAt: row.created_at.toISOString(),
  }));
}

import type { Queryable } from '../../db/client';
import type { BookingForSteps } from '../../plugins/booking-access';

export type { BookingForSteps };

interface Row {
  id: string;
  reference: string;
  vehicle_id: string;
  user_id: string | null;
  booking_status: BookingForSteps['bookingStatus'];
  is_supercar: boolean;
  pickup_date: Date;
  return_date: Date;
  driver_info: { dateOfBirth: string; licenseIssueDate: string } | null;
  customer_email: string;
}

/** The booking as its after-payment steps need it. */
export async function findBookingForSteps(
  db: Queryable,
  bookingId: string,
): Promise<BookingForSteps | null> {
  const { rows } = await db.query<Row>(
    `select b.id, b.reference, b.vehicle_id, b.user_id, b.booking_status, v.is_supercar, b.pickup_date,
        b.return_date, b.driver_info, coalesce(u.email, b.customer_email) as customer_email
       from bookings b join vehicles v on v.id = b.vehicle_id left join users u on u.id = b.user_id
      where b.id = $1`,
    [bookingId],
  );
  const row = rows[0];
  if (!row?.user_id) return null;
  return {
    id: row.id,
    reference: row.reference,
    vehicleId: row.vehicle_id,
    userId: row.user_id,
    bookingStatus: row.booking_status,
    isSupercar: row.is_supercar,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    driver: row.driver_info,
    customerEmail: row.customer_email,
  };
}

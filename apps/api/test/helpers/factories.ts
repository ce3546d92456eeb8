import type { Queryable } from '../../src/db/client';

export async function findVehicleId(db: Queryable, slug = 'porsche-panamera'): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from vehicles where slug = $1', [
    slug,
  ]);
  if (!rows[0]) throw new Error(`No vehicle ${slug}`);
  return rows[0].id;
}

export interface BookingOverrides {
  userId?: string | null;
  vehicleId: string;
  start: string;
  end: string;
  status?: 'pending' | 'confirmed' | 'active' | 'completed' | 'cancelled';
}

export async function createBooking(db: Queryable, booking: BookingOverrides): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into bookings (user_id, vehicle_id, pickup_date, return_date, pickup_location,
       return_location, base_price_cents, total_price_cents, deposit_amount_cents, booking_status)
     values ($1, $2, $3, $4, '10 rue de Rivoli, 75001 Paris', '10 rue de Rivoli, 75001 Paris',
       24900, 24900, 350000, $5)
     returning id`,
    [
      booking.userId ?? null,
      booking.vehicleId,
      booking.start,
      booking.end,
      booking.status ?? 'confirmed',
    ],
  );
  return rows[0]!.id;
}

/** A rental payment captured at the sandbox processor for the booking (paid by card). */
export async function recordRentalPayment(
  db: Queryable,
  bookingId: string,
  cents: number,
): Promise<string> {
  const ref = `pi_sbx_rental_${bookingId.slice(0, 8)}`;
  await db.query(
    `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status, amount_received_cents)
     values ($1, 'secret', $2, 'manual', 'succeeded', $2)`,
    [ref, cents],
  );
  await db.query(
    `insert into payments (booking_id, provider, provider_ref, kind, amount_cents, amount_captured_cents, status)
     values ($1, 'sandbox', $2, 'rental', $3, $3, 'succeeded')`,
    [bookingId, ref, cents],
  );
  await db.query(
    `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
     values ($1, 'rental_capture', $2, 'sandbox', $3, 'capture:' || $3)`,
    [bookingId, cents, ref],
  );
  await db.query(`update bookings set payment_status = 'succeeded' where id = $1`, [bookingId]);
  return ref;
}

/** A deposit authorisation held on the card at the sandbox processor. */
export async function recordDepositHold(
  db: Queryable,
  bookingId: string,
  cents: number,
): Promise<string> {
  const ref = `pi_sbx_deposit_${bookingId.slice(0, 8)}`;
  await db.query(
    `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status, amount_capturable_cents)
     values ($1, 'secret', $2, 'manual', 'requires_capture', $2)`,
    [ref, cents],
  );
  await db.query(
    `insert into payments (booking_id, provider, provider_ref, kind, amount_cents, status)
     values ($1, 'sandbox', $2, 'deposit', $3, 'requires_capture')`,
    [bookingId, ref, cents],
  );
  await db.query(
    `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref, idempotency_key)
     values ($1, 'deposit_hold', $2, 'sandbox', $3, 'hold:' || $3)`,
    [bookingId, cents, ref],
  );
  await db.query(`update bookings set deposit_status = 'held' where id = $1`, [bookingId]);
  return ref;
}

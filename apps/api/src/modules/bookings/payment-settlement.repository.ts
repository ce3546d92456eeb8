import type { Queryable } from '../../db/client';

/**
 * Whether another live booking of the same car, or a fleet block, overlaps this one's period (a
 * lapsed hold is cancelled before this is asked, so every live booking counts).
 */
export async function isPeriodTakenByOthers(tx: Queryable, bookingId: string): Promise<boolean> {
  const { rows } = await tx.query<{ taken: boolean }>(
    `select exists (
       select 1 from bookings b join bookings o
         on o.vehicle_id = b.vehicle_id and o.id <> b.id and o.period && b.period
        where b.id = $1 and o.booking_status in ('pending', 'confirmed', 'active')
       union all
       select 1 from bookings b join vehicle_blocks k
         on k.vehicle_id = b.vehicle_id and k.lifted_at is null and k.period && b.period
        where b.id = $1) as taken`,
    [bookingId],
  );
  return rows[0]?.taken === true;
}

/** Where the car is delivered. */
export async function findPickupLocation(db: Queryable, bookingId: string): Promise<string> {
  const { rows } = await db.query<{ pickup_location: string }>(
    'select pickup_location from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.pickup_location ?? '';
}

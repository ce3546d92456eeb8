import type { Queryable } from '../../db/client';

/** What a rental includes, as the return charges need it: its days and kilometres, its fee. */
export interface RentalAllowance {
  /** Whole days between delivery and return, one at least. */
  days: number;
  unlimitedKm: boolean;
  /** The car's kilometres per day, when the rental has a limit. */
  dailyKmLimit: number | null;
  /** What the customer paid to have the car collected elsewhere than the agency. */
  returnFeeCents: number;
}

export async function findRentalAllowance(
  db: Queryable,
  bookingId: string,
): Promise<RentalAllowance | null> {
  const { rows } = await db.query<{
    days: number;
    unlimited_km: boolean;
    daily_km_limit: number | null;
    return_fee_cents: number;
  }>(
    `select greatest(1, ceil(extract(epoch from (b.return_date - b.pickup_date)) / 86400))::int as days,
            b.unlimited_km, v.daily_km_limit, b.return_fee_cents
       from bookings b join vehicles v on v.id = b.vehicle_id
      where b.id = $1`,
    [bookingId],
  );
  const row = rows[0];
  return row
    ? {
        days: row.days,
        unlimitedKm: row.unlimited_km,
        dailyKmLimit: row.daily_km_limit,
        returnFeeCents: row.return_fee_cents,
      }
    : null;
}

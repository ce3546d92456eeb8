import type { Queryable } from '../../db/client';

/** What a booking's documents state of it: the customer, the car, the period, the price. */
export interface BookingFactsRow {
  id: string;
  reference: string;
  user_id: string | null;
  driver_info: {
    firstName?: string;
    lastName?: string;
    address?: string;
    postalCode?: string;
    city?: string;
    country?: string;
    email?: string;
  } | null;
  user_name: string | null;
  user_email: string | null;
  customer_email: string | null;
  vehicle_name: string;
  pickup_date: Date;
  return_date: Date;
  /** The return date the booking's price was for: before any extension moved it. */
  booked_return_date: Date;
  protection_plan: 'complete' | 'intermediate' | 'basic' | 'none';
  options: string[];
  base_price_cents: number;
  protection_cost_cents: number;
  options_cost_cents: number;
  chauffeur_cost_cents: number;
  unlimited_km_cost_cents: number;
  delivery_fee_cents: number;
  return_fee_cents: number;
  discount_cents: number;
  total_price_cents: number;
  promotion_code: string | null;
}

export async function findBookingFacts(
  db: Queryable,
  bookingId: string,
): Promise<BookingFactsRow | null> {
  const { rows } = await db.query<BookingFactsRow>(
    `select b.id, b.reference, b.user_id, b.driver_info, u.name as user_name,
        u.email as user_email, b.customer_email, v.name as vehicle_name, b.pickup_date,
        b.return_date, coalesce((select e.from_date from rental_extensions e
          where e.booking_id = b.id and e.status = 'paid' order by e.from_date limit 1),
          b.return_date) as booked_return_date,
        b.protection_plan, b.options, b.base_price_cents, b.protection_cost_cents,
        b.options_cost_cents, b.chauffeur_cost_cents, b.unlimited_km_cost_cents,
        b.delivery_fee_cents, b.return_fee_cents, b.discount_cents, b.total_price_cents,
        p.code as promotion_code
       from bookings b join vehicles v on v.id = b.vehicle_id
       left join users u on u.id = b.user_id
       left join promotions p on p.id = b.promotion_id
      where b.id = $1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

/** What the return decided the customer owes, item by item (damage once approved). */
export interface ReturnChargeFacts {
  extraKm: number;
  extraKmCents: number;
  missingFuelPercent: number;
  fuelCents: number;
  /** The damage an administrator approved (0 when none, waived or still pending). */
  damageCents: number;
}

export async function findReturnChargeFacts(
  db: Queryable,
  bookingId: string,
): Promise<ReturnChargeFacts | null> {
  const { rows } = await db.query<{
    charges: {
      extraKm?: number;
      extraKmCents?: number;
      missingFuelPercent?: number;
      fuelCents?: number;
      damageCents?: number;
    } | null;
    approved_cents: number | null;
  }>(
    `select i.charges, c.approved_cents
       from inspections i left join damage_claims c
         on c.booking_id = i.booking_id and c.status = 'approved'
      where i.booking_id = $1 and i.kind = 'return'`,
    [bookingId],
  );
  const row = rows[0];
  if (!row?.charges) return null;
  return {
    extraKm: row.charges.extraKm ?? 0,
    extraKmCents: row.charges.extraKmCents ?? 0,
    missingFuelPercent: row.charges.missingFuelPercent ?? 0,
    fuelCents: row.charges.fuelCents ?? 0,
    damageCents: (row.charges.damageCents ?? 0) + (row.approved_cents ?? 0),
  };
}

/** An extension as its invoice states it: the days added and the lines priced when it was paid. */
export interface ExtensionFacts {
  from_date: Date;
  to_date: Date;
  days: number;
  lines: { label: string; amountCents: number }[];
}

/** The extension a ledger movement paid, by the key both carry. */
export async function findExtensionFacts(
  db: Queryable,
  idempotencyKey: string,
): Promise<ExtensionFacts | null> {
  const { rows } = await db.query<ExtensionFacts>(
    `select from_date, to_date, days, lines from rental_extensions where idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0] ?? null;
}

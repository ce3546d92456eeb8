import type { ExtraId } from '@vroum/core/extras';
import type { PriceLine } from '@vroum/core/pricing-lines';
import type { ProtectionId } from '@vroum/core/protection';
import type { Queryable } from '../../db/client';

/** What an extension needs of its booking, read under the booking's lock. */
export interface ExtendableBooking {
  id: string;
  reference: string;
  user_id: string | null;
  vehicle_id: string;
  booking_status: string;
  return_status: string;
  pickup_date: Date;
  return_date: Date;
  with_driver: boolean;
  unlimited_km: boolean;
  protection_plan: ProtectionId;
  options: ExtraId[];
  price_per_day_cents: number;
  deposit_amount_cents: number;
}

const EXTENDABLE = `select b.id, b.reference, b.user_id, b.vehicle_id, b.booking_status, b.return_status,
    b.pickup_date, b.return_date, b.with_driver, b.unlimited_km, b.protection_plan, b.options,
    v.price_per_day_cents, b.deposit_amount_cents
  from bookings b join vehicles v on v.id = b.vehicle_id where b.id = $1`;

export async function findExtendableBooking(
  db: Queryable,
  bookingId: string,
  lock = false,
): Promise<ExtendableBooking | null> {
  const { rows } = await db.query<ExtendableBooking>(
    `${EXTENDABLE}${lock ? ' for update of b' : ''}`,
    [bookingId],
  );
  return rows[0] ?? null;
}

/** Whether anything else (a booking, a block, another extension) holds the car in [from, to). */
export async function isPeriodTaken(
  db: Queryable,
  booking: { id: string; vehicle_id: string },
  from: Date,
  to: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from vehicle_occupancy
      where vehicle_id = $1 and period && tstzrange($2, $3, '[)')
        and booking_id is distinct from $4 limit 1`,
    [booking.vehicle_id, from, to, booking.id],
  );
  return rows.length > 0;
}

export interface RentalExtensionRow {
  id: string;
  booking_id: string;
  vehicle_id: string;
  idempotency_key: string;
  from_date: Date;
  to_date: Date;
  days: number;
  lines: PriceLine[];
  amount_cents: number;
  provider: string;
  intent_id: string | null;
  status: 'open' | 'paid' | 'cancelled';
  hold_expires_at: Date;
  created_at: Date;
  settled_at: Date | null;
}

export async function findOpenExtension(
  db: Queryable,
  bookingId: string,
): Promise<RentalExtensionRow | null> {
  const { rows } = await db.query<RentalExtensionRow>(
    `select * from rental_extensions where booking_id = $1 and status = 'open'`,
    [bookingId],
  );
  return rows[0] ?? null;
}

export async function findExtensionByIntent(
  db: Queryable,
  intentId: string,
): Promise<RentalExtensionRow | null> {
  const { rows } = await db.query<RentalExtensionRow>(
    'select * from rental_extensions where intent_id = $1',
    [intentId],
  );
  return rows[0] ?? null;
}

/**
 * Claims an extension under a key of its own before the processor is asked; its extra days hold
 * the car at once (the occupancy trigger), so a taken period fails here with 23P01.
 */
export async function insertExtension(
  tx: Queryable,
  extension: {
    bookingId: string;
    vehicleId: string;
    fromDate: Date;
    toDate: Date;
    days: number;
    lines: PriceLine[];
    amountCents: number;
    provider: string;
    holdMinutes: number;
  },
): Promise<RentalExtensionRow> {
  const { rows: counted } = await tx.query<{ n: number }>(
    'select count(*)::int as n from rental_extensions where booking_id = $1',
    [extension.bookingId],
  );
  const key = `booking:${extension.bookingId}:extension:${(counted[0]?.n ?? 0) + 1}`;
  const { rows } = await tx.query<RentalExtensionRow>(
    `insert into rental_extensions (booking_id, vehicle_id, idempotency_key, from_date, to_date,
       days, lines, amount_cents, provider, hold_expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(mins => $10))
     returning *`,
    [
      extension.bookingId,
      extension.vehicleId,
      key,
      extension.fromDate,
      extension.toDate,
      extension.days,
      JSON.stringify(extension.lines),
      extension.amountCents,
      extension.provider,
      extension.holdMinutes,
    ],
  );
  return rows[0]!;
}

export async function setExtensionIntent(
  db: Queryable,
  id: string,
  intentId: string,
): Promise<void> {
  await db.query(
    'update rental_extensions set intent_id = $2 where id = $1 and intent_id is null',
    [id, intentId],
  );
}

/**
 * Closes an open extension as paid or cancelled (its hold on the car goes with it); false when it
 * was no longer open, so whoever closed it first records what follows, once.
 */
export async function closeExtension(
  tx: Queryable,
  id: string,
  status: 'paid' | 'cancelled',
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update rental_extensions set status = $2, settled_at = now() where id = $1 and status = 'open'`,
    [id, status],
  );
  return rowCount === 1;
}

/** Open extensions whose quarter of an hour is over, 50 at a time. */
export async function findLapsedExtensions(db: Queryable): Promise<RentalExtensionRow[]> {
  const { rows } = await db.query<RentalExtensionRow>(
    `select * from rental_extensions where status = 'open' and hold_expires_at <= now()
      order by hold_expires_at limit 50`,
  );
  return rows;
}

/** A booking's paid extensions, oldest first: the amendments to its contract. */
export async function findPaidExtensions(
  db: Queryable,
  bookingId: string,
): Promise<RentalExtensionRow[]> {
  const { rows } = await db.query<RentalExtensionRow>(
    `select * from rental_extensions where booking_id = $1 and status = 'paid'
      order by settled_at, created_at`,
    [bookingId],
  );
  return rows;
}

/**
 * Moves the booking's return date: the one statement that changes when a rental ends after it
 * was booked. Its triggers move the car's occupancy with it; the return mission reads this date.
 * False when the booking no longer ends at `from` (already moved).
 */
export async function moveReturnDate(
  tx: Queryable,
  bookingId: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update bookings set return_date = $3, updated_at = now() where id = $1 and return_date = $2`,
    [bookingId, from, to],
  );
  return rowCount === 1;
}

export interface ReturnAgentRow {
  reference: string;
  vehicle_name: string;
  address: string;
  agent_id: string | null;
  agent_email: string | null;
}

/** Who has the booking's return mission, to tell them it moved: the agent and what they read. */
export async function findReturnAgent(
  db: Queryable,
  bookingId: string,
): Promise<ReturnAgentRow | null> {
  const { rows } = await db.query<ReturnAgentRow>(
    `select b.reference, v.name as vehicle_name, b.return_location as address,
            a.id as agent_id, a.email as agent_email
       from bookings b
       join vehicles v on v.id = b.vehicle_id
       left join users a on a.id = b.return_agent_id
      where b.id = $1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

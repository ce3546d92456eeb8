import type { Queryable } from '../../db/client';

/** Pending bookings whose 15-minute hold is over, oldest first, 50 at a time. */
export async function findExpiredHoldIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from bookings where booking_status = 'pending' and hold_expires_at <= now()
      order by hold_expires_at limit 50`,
  );
  return rows.map((row) => row.id);
}

/** Pending bookings whose payment has been pending for over a minute, 50 at a time. */
export async function findUnsettledPaymentIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from bookings where booking_status = 'pending' and payment_status = 'pending'
       and created_at <= now() - interval '1 minute' order by created_at limit 50`,
  );
  return rows.map((row) => row.id);
}

/**
 * Bookings cancelled by their lapsed hold for over ten minutes whose rental payment the app
 * last saw still open (the card may have been authorised since), 50 at a time.
 */
export async function findAbandonedLatePayments(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select distinct b.id from bookings b join payments p on p.booking_id = b.id
      where b.booking_status = 'cancelled' and b.cancellation_cause = 'hold_lapsed'
        and p.kind = 'rental' and p.status not in ('succeeded', 'canceled')
        and b.updated_at <= now() - interval '10 minutes' limit 50`,
  );
  return rows.map((row) => row.id);
}

export interface DueDepositHold {
  id: string;
  reference: string;
  deposit_amount_cents: number;
  saved_payment_method: string | null;
}

/** Confirmed or active bookings whose deposit hold is due now, 50 at a time. */
export async function findDueDepositHolds(db: Queryable): Promise<DueDepositHold[]> {
  const { rows } = await db.query<DueDepositHold>(
    `select id, reference, deposit_amount_cents, saved_payment_method from bookings
      where deposit_status = 'scheduled' and deposit_due_at <= now()
        and booking_status in ('confirmed', 'active') limit 50`,
  );
  return rows;
}

export interface LapsingDepositHold {
  booking_id: string;
  reference: string;
  provider_ref: string;
  amount_cents: number;
  saved_payment_method: string;
}

/**
 * Held deposits that lapse within a day, before the car is back (plus a day) or while the rental
 * is still open, 50 at a time.
 */
export async function findLapsingDepositHolds(db: Queryable): Promise<LapsingDepositHold[]> {
  const { rows } = await db.query<LapsingDepositHold>(
    `select p.booking_id, b.reference, p.provider_ref, p.amount_cents, b.saved_payment_method
       from payments p join bookings b on b.id = p.booking_id
      where p.kind = 'deposit' and p.status = 'requires_capture' and b.deposit_status = 'held'
        and b.saved_payment_method is not null
        and p.capture_before < now() + interval '1 day'
        and (p.capture_before < b.return_date + interval '1 day'
             -- A car back but still 'En cours' waits for a damage decision: its hold stays.
             or b.booking_status = 'active') limit 50`,
  );
  return rows;
}

/**
 * The booking's held deposit when it lapses before the car is back (plus a day): a rental whose
 * return moved later needs a new authorisation; null when the hold covers it or there is none.
 */
export async function findDepositHoldShortOfReturn(
  db: Queryable,
  bookingId: string,
): Promise<LapsingDepositHold | null> {
  const { rows } = await db.query<LapsingDepositHold>(
    `select p.booking_id, b.reference, p.provider_ref, p.amount_cents, b.saved_payment_method
       from payments p join bookings b on b.id = p.booking_id
      where b.id = $1 and p.kind = 'deposit' and p.status = 'requires_capture'
        and b.deposit_status = 'held' and b.saved_payment_method is not null
        and p.capture_before < b.return_date + interval '1 day'
      order by p.created_at desc limit 1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

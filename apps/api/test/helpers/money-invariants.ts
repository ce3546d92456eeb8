import { cancellationTerms } from '@vroum/core/cancellation';
import type { Queryable } from '../../src/db/client';

interface IntentMoney {
  id: string;
  kind: string;
  status: string;
  received: number;
  refunded: number;
  ledger_captured: number;
  ledger_refunded: number;
  ledger_deposit_captured: number;
  ledger_held: boolean;
}

interface BookingRow {
  id: string;
  booking_status: string;
  payment_status: string;
  deposit_status: string;
  cancellation_cause: string | null;
  pickup_date: Date;
}

interface StatusSnapshot {
  bookingStatus?: string;
  paymentStatus?: string;
  depositStatus?: string;
  cancellationCause?: string | null;
}

/** The money of each of a booking's intents at the processor, beside what the ledger says of it. */
async function intentsOf(db: Queryable, bookingId: string): Promise<IntentMoney[]> {
  const { rows } = await db.query<IntentMoney>(
    `select i.id, i.metadata ->> 'kind' as kind, i.status,
        i.amount_received_cents as received, i.amount_refunded_cents as refunded,
        coalesce(sum(m.amount_cents) filter (where m.kind = 'rental_capture'), 0)::int
          as ledger_captured,
        coalesce(sum(m.amount_cents) filter (where m.kind = 'rental_refund'), 0)::int
          as ledger_refunded,
        coalesce(sum(m.amount_cents) filter (where m.kind = 'deposit_capture'), 0)::int
          as ledger_deposit_captured,
        (bool_or(m.kind = 'deposit_hold') is true
          and not coalesce(bool_or(m.kind in ('deposit_release', 'deposit_capture')), false))
          as ledger_held
       from sandbox_intents i
       left join money_movements m on m.provider_ref = i.id and m.state = 'done'
      where i.metadata ->> 'bookingId' = $1
      group by i.id order by i.created_at`,
    [bookingId],
  );
  return rows;
}

const sameStatus = (a: StatusSnapshot | null | undefined, b: StatusSnapshot) =>
  a?.bookingStatus === b.bookingStatus &&
  a?.paymentStatus === b.paymentStatus &&
  a?.depositStatus === b.depositStatus &&
  (a?.cancellationCause ?? null) === (b.cancellationCause ?? null);

/** Every status change of the booking is one audit entry, in a chain ending at its state. */
async function auditViolations(db: Queryable, booking: BookingRow): Promise<string[]> {
  const { rows } = await db.query<{ before: StatusSnapshot; after: StatusSnapshot }>(
    `select before, after from audit_log
      where action = 'booking.status' and entity = 'booking' and entity_id = $1 order by id`,
    [booking.id],
  );
  const now: StatusSnapshot = {
    bookingStatus: booking.booking_status,
    paymentStatus: booking.payment_status,
    depositStatus: booking.deposit_status,
    cancellationCause: booking.cancellation_cause,
  };
  const found: string[] = [];
  if (rows.length === 0) {
    if (booking.booking_status !== 'pending' || booking.payment_status !== 'pending') {
      found.push(`${booking.id}: ${JSON.stringify(now)} without any booking.status entry`);
    }
    return found;
  }
  if (rows[0]!.before.bookingStatus !== 'pending') {
    found.push(`${booking.id}: the first entry starts from ${JSON.stringify(rows[0]!.before)}`);
  }
  rows.forEach((entry, index) => {
    if (!(entry.after as { event?: string }).event) {
      found.push(`${booking.id}: entry ${index} names no event`);
    }
    if (index > 0 && !sameStatus(rows[index - 1]!.after, entry.before)) {
      found.push(
        `${booking.id}: a change without its entry between ${JSON.stringify(rows[index - 1]!.after)} and ${JSON.stringify(entry.before)}`,
      );
    }
  });
  if (!sameStatus(rows.at(-1)!.after, now)) {
    found.push(
      `${booking.id}: is ${JSON.stringify(now)} but its last entry says ${JSON.stringify(rows.at(-1)!.after)}`,
    );
  }
  return found;
}

/** The money invariants of one booking: ledger and processor agree, nothing kept or given twice. */
async function moneyViolations(db: Queryable, booking: BookingRow): Promise<string[]> {
  const found: string[] = [];
  const say = (text: string) => found.push(`${booking.id} (${booking.booking_status}): ${text}`);
  const intents = await intentsOf(db, booking.id);
  for (const intent of intents) {
    const name = `${intent.kind} ${intent.id} (${intent.status})`;
    if (intent.refunded > intent.received) {
      say(`${name} refunded ${intent.refunded} of ${intent.received} received`);
    }
    if (intent.kind === 'rental') {
      if (intent.ledger_captured !== intent.received) {
        say(`${name}: received ${intent.received}, ledger captured ${intent.ledger_captured}`);
      }
      if (intent.ledger_refunded !== intent.refunded) {
        say(`${name}: refunded ${intent.refunded}, ledger refunded ${intent.ledger_refunded}`);
      }
    } else {
      if (intent.ledger_deposit_captured !== intent.received) {
        say(`${name}: captured ${intent.received}, ledger ${intent.ledger_deposit_captured}`);
      }
      if (intent.ledger_held !== (intent.status === 'requires_capture')) {
        say(`${name}: the ledger says ${intent.ledger_held ? '' : 'not '}held`);
      }
    }
  }
  const ledger = await db.query<{ kind: string; state: string; cents: number; rows: number }>(
    `select kind, state, sum(amount_cents)::int as cents, count(*)::int as rows
       from money_movements where booking_id = $1 group by kind, state`,
    [booking.id],
  );
  for (const row of ledger.rows.filter((movement) => movement.state === 'pending')) {
    say(`${row.rows} ${row.kind} movement(s) left pending`);
  }
  const rental = intents.filter((intent) => intent.kind === 'rental');
  const received = rental.reduce((sum, intent) => sum + intent.received, 0);
  const refunded = rental.reduce((sum, intent) => sum + intent.refunded, 0);
  const ledgerSum = (kind: string) =>
    ledger.rows.find((row) => row.kind === kind && row.state === 'done')?.cents ?? 0;
  if (ledgerSum('rental_capture') !== received || ledgerSum('rental_refund') !== refunded) {
    say(
      `ledger ${ledgerSum('rental_capture')} captured / ${ledgerSum('rental_refund')} refunded, processor ${received} / ${refunded}`,
    );
  }
  if (booking.booking_status === 'cancelled') {
    const fee = cancellationTerms(booking.pickup_date, received, 0, new Date()).feeCents;
    if (received - refunded > fee) say(`keeps ${received - refunded} (fee ${fee})`);
    if (
      intents.some((intent) => intent.kind !== 'rental' && intent.status === 'requires_capture')
    ) {
      say('keeps a deposit held');
    }
  }
  return found;
}

/**
 * What must hold after any interleaving, read from the database: for each booking, the ledger
 * equals the processor (every capture and refund, each deposit held, captured or released, none
 * left pending), nothing is refunded beyond what was received, a cancelled booking keeps no more
 * than its cancellation fee, and each status change has its audit entry; across the database,
 * no single-use code is held by two live bookings and no two live bookings of a car overlap.
 */
export async function moneyInvariantViolations(
  db: Queryable,
  bookingIds: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const id of bookingIds) {
    const { rows } = await db.query<BookingRow>(
      `select id, booking_status, payment_status, deposit_status, cancellation_cause, pickup_date
         from bookings where id = $1`,
      [id],
    );
    if (!rows[0]) continue;
    found.push(...(await moneyViolations(db, rows[0])), ...(await auditViolations(db, rows[0])));
  }
  const codes = await db.query<{ code: string; uses: number; max: number; holders: number }>(
    `select p.code, p.current_uses as uses, p.max_uses as max,
        count(b.id) filter (where b.booking_status <> 'cancelled')::int as holders
       from promotions p left join bookings b on b.promotion_id = p.id
      where p.max_uses = 1 group by p.id`,
  );
  for (const code of codes.rows) {
    if (code.holders > 1 || code.uses > code.max || code.holders > code.uses) {
      found.push(`single-use code ${code.code}: ${code.holders} live bookings, ${code.uses} uses`);
    }
  }
  const overlaps = await db.query<{ a: string; b: string }>(
    `select a.id as a, b.id as b from bookings a
       join bookings b on b.vehicle_id = a.vehicle_id and a.id < b.id
      where a.booking_status in ('pending', 'confirmed', 'active')
        and b.booking_status in ('pending', 'confirmed', 'active')
        and a.pickup_date < b.return_date and b.pickup_date < a.return_date`,
  );
  for (const pair of overlaps.rows) found.push(`live bookings ${pair.a} and ${pair.b} overlap`);
  return found;
}

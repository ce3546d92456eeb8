import type { Queryable } from '../../db/client';

/** The kinds of money movement a booking can have, each one row of the ledger. */
export type MovementKind =
  | 'rental_authorisation'
  | 'rental_capture'
  | 'rental_refund'
  | 'rental_void'
  | 'deposit_hold'
  | 'deposit_capture'
  | 'deposit_release'
  | 'card_charge'
  | 'charge_due'
  | 'charge_waived'
  | 'balance_payment'
  | 'extension_payment';

export interface Movement {
  bookingId: string;
  kind: MovementKind;
  amountCents: number;
  /** 'sandbox' or 'stripe', or 'outside' for a transfer, a cheque or cash. */
  provider: string;
  providerRef?: string | null;
  /** The processor's idempotency key: the movement is recorded once per key. */
  key: string;
  actorUserId?: string | null;
  note?: string | null;
  /** 'pending' while the processor is being asked; 'done' once it answered. */
  state?: 'pending' | 'done';
  /** A refund: the ledger movement of the payment it gives back. */
  refundsMovementId?: number | null;
  /** A refund split over several payments: the key of the request its parts came from. */
  requestKey?: string | null;
}

export interface MovementRow {
  id: number;
  booking_id: string;
  kind: MovementKind;
  amount_cents: number;
  state: 'pending' | 'done';
  provider: string;
  provider_ref: string | null;
  idempotency_key: string;
  actor_user_id: string | null;
  note: string | null;
  refunds_movement_id: number | null;
  request_key: string | null;
  created_at: Date;
}

/**
 * Writes a movement in the caller's transaction; true when it is new, false when its key was
 * already recorded (a retry, a concurrent duplicate), which then changes nothing.
 */
export async function recordMovement(tx: Queryable, movement: Movement): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into money_movements (booking_id, kind, amount_cents, state, provider, provider_ref,
       idempotency_key, actor_user_id, note, refunds_movement_id, request_key, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, case when $4 = 'done' then now() end)
     on conflict (idempotency_key) do nothing returning id`,
    [
      movement.bookingId,
      movement.kind,
      movement.amountCents,
      movement.state ?? 'done',
      movement.provider,
      movement.providerRef ?? null,
      movement.key,
      movement.actorUserId ?? null,
      movement.note ?? null,
      movement.refundsMovementId ?? null,
      movement.requestKey ?? null,
    ],
  );
  return rows.length === 1;
}

export async function findMovement(db: Queryable, key: string): Promise<MovementRow | null> {
  const { rows } = await db.query<MovementRow>(
    'select * from money_movements where idempotency_key = $1',
    [key],
  );
  return rows[0] ?? null;
}

/** Settles a pending movement once the processor did it; false when it was not pending. */
export async function settleMovement(tx: Queryable, key: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update money_movements set state = 'done', settled_at = now()
      where idempotency_key = $1 and state = 'pending'`,
    [key],
  );
  return rowCount === 1;
}

/**
 * Takes back a pending movement the processor refused: it never happened, and the same key may
 * be asked again.
 */
export async function dropPendingMovement(tx: Queryable, key: string): Promise<void> {
  await tx.query(`delete from money_movements where idempotency_key = $1 and state = 'pending'`, [
    key,
  ]);
}

/** Movements asked of the processor and not settled for a minute (a crash between two steps). */
export async function findStalePendingMovements(db: Queryable): Promise<MovementRow[]> {
  const { rows } = await db.query<MovementRow>(
    `select * from money_movements where state = 'pending'
        and created_at <= now() - interval '1 minute' order by created_at limit 50`,
  );
  return rows;
}

/** A booking's ledger, oldest first. */
export async function findLedger(db: Queryable, bookingId: string): Promise<MovementRow[]> {
  const { rows } = await db.query<MovementRow>(
    'select * from money_movements where booking_id = $1 order by id',
    [bookingId],
  );
  return rows;
}

/**
 * The done movements moved from the Paris day `from` to the day `to` (both included), summed
 * per kind; a movement counts when it was settled, as the bank journal books it.
 */
export async function sumMovementsByKind(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ kind: MovementKind; cents: number }[]> {
  const { rows } = await db.query<{ kind: MovementKind; cents: number }>(
    `select kind, sum(amount_cents)::int as cents from money_movements
      where state = 'done'
        and coalesce(settled_at, created_at) >= $1::date::timestamp at time zone 'Europe/Paris'
        and coalesce(settled_at, created_at) < ($2::date + 1)::timestamp at time zone 'Europe/Paris'
      group by kind`,
    [from, to],
  );
  return rows;
}

export interface BalanceDueRow {
  booking_id: string;
  reference: string;
  customer_name: string;
  due_cents: number;
  /** Every booking with a balance due, and their sum, whatever the limit. */
  total_count: number;
  total_cents: number;
}

/** The bookings whose customer still owes something by the ledger, the largest sum first. */
export async function findBalancesDue(db: Queryable, limit: number): Promise<BalanceDueRow[]> {
  const { rows } = await db.query<BalanceDueRow>(
    `with due as (
       select booking_id,
              sum(case when kind = 'charge_due' then amount_cents else -amount_cents end) as cents
         from money_movements
        where state = 'done' and kind in ('charge_due', 'charge_waived', 'balance_payment')
        group by booking_id)
     select b.id as booking_id, b.reference, due.cents::int as due_cents,
            coalesce(nullif(trim(concat_ws(' ', b.driver_info ->> 'firstName',
              b.driver_info ->> 'lastName')), ''), nullif(trim(concat_ws(' ', p.first_name,
              p.last_name)), ''), u.email, 'Client') as customer_name,
            (count(*) over ())::int as total_count, (sum(due.cents) over ())::int as total_cents
       from due join bookings b on b.id = due.booking_id
       left join users u on u.id = b.user_id
       left join profiles p on p.user_id = b.user_id
      where due.cents > 0
      order by due.cents desc, b.reference
      limit $1`,
    [limit],
  );
  return rows;
}

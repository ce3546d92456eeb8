import type { Queryable } from '../../db/client';

/** The one writer of `return_disputes`: the customer's dispute of the return charges. */
export interface ReturnDisputeRow {
  id: string;
  booking_id: string;
  user_id: string;
  reason: string;
  photo_keys: string[];
  contested_cents: number;
  status: 'open' | 'decided';
  outcome: 'keep' | 'reduce' | 'refund' | null;
  kept_cents: number | null;
  waived_cents: number | null;
  refund_cents: number | null;
  answer: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
}

export async function findBookingDispute(
  db: Queryable,
  bookingId: string,
): Promise<ReturnDisputeRow | null> {
  const { rows } = await db.query<ReturnDisputeRow>(
    'select * from return_disputes where booking_id = $1',
    [bookingId],
  );
  return rows[0] ?? null;
}

/** The dispute, its row locked until the transaction ends. */
export async function lockDispute(tx: Queryable, id: string): Promise<ReturnDisputeRow | null> {
  const { rows } = await tx.query<ReturnDisputeRow>(
    'select * from return_disputes where id = $1 for update',
    [id],
  );
  return rows[0] ?? null;
}

/** Opens the dispute; null when the booking already has one (a retry, a second tab). */
export async function insertDispute(
  tx: Queryable,
  dispute: {
    bookingId: string;
    userId: string;
    reason: string;
    photoKeys: string[];
    contestedCents: number;
  },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into return_disputes (booking_id, user_id, reason, photo_keys, contested_cents)
     values ($1, $2, $3, $4, $5) on conflict (booking_id) do nothing returning id`,
    [
      dispute.bookingId,
      dispute.userId,
      dispute.reason,
      JSON.stringify(dispute.photoKeys),
      dispute.contestedCents,
    ],
  );
  return rows[0]?.id ?? null;
}

export interface DisputeDecisionRow {
  outcome: 'keep' | 'reduce' | 'refund';
  keptCents: number;
  waivedCents: number;
  refundCents: number;
  answer: string;
  decidedBy: string;
}

/** Writes the decision on an open dispute; false when it was decided already. */
export async function writeDisputeDecision(
  tx: Queryable,
  id: string,
  decision: DisputeDecisionRow,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update return_disputes set status = 'decided', outcome = $2, kept_cents = $3,
        waived_cents = $4, refund_cents = $5, answer = $6, decided_by = $7, decided_at = now()
      where id = $1 and status = 'open'`,
    [
      id,
      decision.outcome,
      decision.keptCents,
      decision.waivedCents,
      decision.refundCents,
      decision.answer,
      decision.decidedBy,
    ],
  );
  return rowCount === 1;
}

export interface DisputeListRow extends ReturnDisputeRow {
  reference: string;
  customer_name: string;
  vehicle_name: string;
  balance_due_cents: number;
}

/** The console's list: open cases first, oldest first; then the latest decided. */
export async function listDisputes(db: Queryable): Promise<DisputeListRow[]> {
  const { rows } = await db.query<DisputeListRow>(
    `select d.*, b.reference, b.balance_due_cents, v.name as vehicle_name,
        coalesce(nullif(trim(concat(b.driver_info ->> 'firstName', ' ',
          b.driver_info ->> 'lastName')), ''), u.email) as customer_name
       from return_disputes d
       join bookings b on b.id = d.booking_id
       join vehicles v on v.id = b.vehicle_id
       join users u on u.id = d.user_id
      order by (d.status = 'open') desc,
        case when d.status = 'open' then d.created_at end asc,
        d.decided_at desc nulls last
      limit 100`,
  );
  return rows;
}

/**
 * The return charges of a booking as its ledger holds them (taken on the deposit or the card, and
 * owed when the card refused, whether paid since or not), what is still owed, and until when
 * they may be contested: the return report's date, or 14 days after a later damage decision.
 */
export async function findReturnChargesState(
  db: Queryable,
  bookingId: string,
  contestDays: number,
): Promise<{ chargedCents: number; dueCents: number; contestUntil: Date | null } | null> {
  const { rows } = await db.query<{
    charged_cents: number;
    due_cents: number;
    contest_until: Date | null;
  }>(
    `select greatest(i.contest_until,
          (select c.decided_at + $2::int * interval '1 day' from damage_claims c
            where c.booking_id = i.booking_id)) as contest_until,
        coalesce((select sum(amount_cents) from money_movements m where m.booking_id = i.booking_id
          and m.state = 'done' and m.kind in ('deposit_capture', 'card_charge', 'charge_due')), 0)::int
          as charged_cents,
        b.balance_due_cents as due_cents
       from inspections i join bookings b on b.id = i.booking_id
      where i.booking_id = $1 and i.kind = 'return'`,
    [bookingId, contestDays],
  );
  const row = rows[0];
  return row
    ? { chargedCents: row.charged_cents, dueCents: row.due_cents, contestUntil: row.contest_until }
    : null;
}

export interface InspectionSideRow {
  kind: 'handover' | 'return';
  odometer_km: number;
  fuel_percent: number;
  created_at: Date;
  damages: { zone: string; note?: string; photoIds: string[] }[];
  interior_note: string;
  photo_ids: string[];
}

/** Both inspections of a booking, handover first, each with all its photos. */
export async function findInspectionsSideBySide(
  db: Queryable,
  bookingId: string,
): Promise<InspectionSideRow[]> {
  const { rows } = await db.query<InspectionSideRow>(
    `select i.kind, i.odometer_km, i.fuel_percent, i.created_at, i.damages, i.interior_note,
        coalesce((select array_agg(p.id::text order by p.created_at) from inspection_photos p
          where p.booking_id = i.booking_id and p.kind = i.kind), '{}') as photo_ids
       from inspections i where i.booking_id = $1 order by i.kind = 'return', i.created_at`,
    [bookingId],
  );
  return rows;
}

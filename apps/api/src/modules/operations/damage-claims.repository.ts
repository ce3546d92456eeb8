import type { DamageClaimStatus } from '@vroum/core/damage-claims';
import type { Damage } from '@vroum/core/operations';
import type { ProtectionId } from '@vroum/core/protection';
import type { Queryable } from '../../db/client';

/** The one writer of `damage_claims`: recorded at the return, decided in the console. */

export interface DamageTerms {
  protectionPlan: ProtectionId;
  /** The car's value, when the team recorded it. */
  vehicleValueCents: number | null;
}

/** What a booking's damage may be charged under: its protection plan and its car's value. */
export async function findDamageTerms(db: Queryable, bookingId: string): Promise<DamageTerms> {
  const { rows } = await db.query<{ protection_plan: ProtectionId; value_cents: number | null }>(
    `select b.protection_plan, v.value_cents
       from bookings b join vehicles v on v.id = b.vehicle_id where b.id = $1`,
    [bookingId],
  );
  return {
    protectionPlan: rows[0]?.protection_plan ?? 'none',
    vehicleValueCents: rows[0]?.value_cents ?? null,
  };
}

export interface NewDamageClaim extends DamageTerms {
  bookingId: string;
  recordedBy: string;
  excessCents: number | null;
  assessedCents: number;
  chargeableCents: number;
  otherChargesCents: number;
  damages: Damage[];
  note: string;
}

/** Records the claim with its return; null when the booking has one already. */
export async function insertDamageClaim(
  tx: Queryable,
  claim: NewDamageClaim,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into damage_claims (booking_id, recorded_by, protection_plan, vehicle_value_cents,
       excess_cents, assessed_cents, chargeable_cents, other_charges_cents, damages, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
     on conflict (booking_id) do nothing returning id`,
    [
      claim.bookingId,
      claim.recordedBy,
      claim.protectionPlan,
      claim.vehicleValueCents,
      claim.excessCents,
      claim.assessedCents,
      claim.chargeableCents,
      claim.otherChargesCents,
      JSON.stringify(claim.damages),
      claim.note,
    ],
  );
  return rows[0]?.id ?? null;
}

export interface DamageClaimRow {
  id: string;
  booking_id: string;
  reference: string;
  vehicle_id: string;
  vehicle_name: string;
  customer_name: string;
  user_id: string | null;
  customer_email: string | null;
  recorded_by: string;
  recorded_by_name: string;
  protection_plan: ProtectionId;
  vehicle_value_cents: number | null;
  excess_cents: number | null;
  assessed_cents: number;
  chargeable_cents: number;
  other_charges_cents: number;
  damages: Damage[];
  note: string;
  status: DamageClaimStatus;
  approved_cents: number | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  from_deposit_cents: number | null;
  card_cents: number | null;
  settled_at: Date | null;
  unpaid_cents: number | null;
  created_at: Date;
  deposit_held_cents: number;
  deposit_held_until: Date | null;
}

const personName = (alias: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${alias}p.first_name, ${alias}p.last_name)), ''),
            nullif(${alias}.name, ''), ${alias}.email)`;

const CLAIMS = `
  select c.*, b.reference, b.vehicle_id, v.name as vehicle_name, b.user_id,
         coalesce(b.customer_email, cu.email) as customer_email,
         coalesce(nullif(trim(concat_ws(' ', b.driver_info ->> 'firstName', b.driver_info ->> 'lastName')), ''),
                  cu.email, 'Client') as customer_name,
         ${personName('r')} as recorded_by_name,
         case when c.decided_by is null then null else ${personName('d')} end as decided_by_name,
         coalesce(h.amount_cents, 0) as deposit_held_cents, h.capture_before as deposit_held_until
    from damage_claims c
    join bookings b on b.id = c.booking_id
    join vehicles v on v.id = b.vehicle_id
    left join users cu on cu.id = b.user_id
    join users r on r.id = c.recorded_by
    left join profiles rp on rp.user_id = c.recorded_by
    left join users d on d.id = c.decided_by
    left join profiles dp on dp.user_id = c.decided_by
    left join lateral (
      select p.amount_cents, p.capture_before from payments p
       where p.booking_id = c.booking_id and p.kind = 'deposit' and p.status = 'requires_capture'
       order by p.created_at desc limit 1
    ) h on true`;

/** The claims to decide first (oldest first), then the decided ones, newest first; 200 at most. */
export async function listDamageClaims(
  db: Queryable,
  status: DamageClaimStatus | null,
): Promise<DamageClaimRow[]> {
  const { rows } = await db.query<DamageClaimRow>(
    `${CLAIMS}
      where ($1::text is null or c.status = $1)
      order by (c.status = 'pending') desc,
               case when c.status = 'pending' then c.created_at end asc,
               c.created_at desc
      limit 200`,
    [status],
  );
  return rows;
}

export async function findDamageClaim(db: Queryable, id: string): Promise<DamageClaimRow | null> {
  const { rows } = await db.query<DamageClaimRow>(`${CLAIMS} where c.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findBookingDamageClaim(
  db: Queryable,
  bookingId: string,
): Promise<DamageClaimRow | null> {
  const { rows } = await db.query<DamageClaimRow>(`${CLAIMS} where c.booking_id = $1`, [bookingId]);
  return rows[0] ?? null;
}

export interface LockedDamageClaim {
  status: DamageClaimStatus;
  recorded_by: string;
  booking_id: string;
  chargeable_cents: number;
  other_charges_cents: number;
}

/** Locks the claim for its decision: what the decision needs of it. */
export async function lockDamageClaim(
  tx: Queryable,
  id: string,
): Promise<LockedDamageClaim | null> {
  const { rows } = await tx.query<LockedDamageClaim>(
    `select status, recorded_by, booking_id, chargeable_cents, other_charges_cents
       from damage_claims where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export interface ClaimDecision {
  status: 'approved' | 'waived';
  approvedCents: number | null;
  decidedBy: string;
  note: string;
  fromDepositCents: number;
  cardCents: number;
}

/** Writes the decision of a pending claim (locked by the caller). */
export async function writeDamageClaimDecision(
  tx: Queryable,
  id: string,
  decision: ClaimDecision,
): Promise<void> {
  await tx.query(
    `update damage_claims set status = $2, approved_cents = $3, decided_by = $4,
       decision_note = $5, from_deposit_cents = $6, card_cents = $7, decided_at = now()
      where id = $1 and status = 'pending'`,
    [
      id,
      decision.status,
      decision.approvedCents,
      decision.decidedBy,
      decision.note,
      decision.fromDepositCents,
      decision.cardCents,
    ],
  );
}

/**
 * Takes the settlement of a decided claim for two minutes: false when it is settled already or
 * another request is settling it (a crashed one's lease runs out, and a retry takes it up).
 */
export async function leaseDamageClaimSettlement(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update damage_claims set settling_until = now() + interval '2 minutes'
      where id = $1 and status <> 'pending' and settled_at is null
        and (settling_until is null or settling_until < now())`,
    [id],
  );
  return rowCount === 1;
}

export async function endDamageClaimSettlement(
  db: Queryable,
  id: string,
  outcome: { unpaidCents: number } | null,
): Promise<void> {
  await db.query(
    `update damage_claims set settling_until = null,
       settled_at = case when $2::integer is null then null else now() end, unpaid_cents = $2
      where id = $1`,
    [id, outcome?.unpaidCents ?? null],
  );
}

/** What the deposit hold on the card covers now (0 when nothing is held), read in `tx`. */
export async function findHeldDepositCents(
  tx: Queryable,
  bookingId: string,
  provider: string,
): Promise<number> {
  const { rows } = await tx.query<{ amount_cents: number }>(
    `select amount_cents from payments
      where booking_id = $1 and kind = 'deposit' and provider = $2 and status = 'requires_capture'
      order by created_at desc limit 1`,
    [bookingId, provider],
  );
  return rows[0]?.amount_cents ?? 0;
}

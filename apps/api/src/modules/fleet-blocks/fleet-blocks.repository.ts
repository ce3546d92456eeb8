import type { FleetBlockKind } from '@vroum/core/fleet-blocks';
import type { Queryable } from '../../db/client';

/** The only module that writes vehicle_blocks (its triggers keep vehicle_occupancy in step). */
export interface FleetBlockRow {
  id: string;
  vehicle_id: string;
  vehicle_name: string;
  start: Date;
  end: Date;
  kind: FleetBlockKind;
  reason: string;
  damage_claim_id: string | null;
  created_by_name: string | null;
  created_at: Date;
  lifted_at: Date | null;
}

const BLOCKS = `
  select k.id, k.vehicle_id, v.name as vehicle_name, lower(k.period) as start,
         upper(k.period) as "end", k.kind, k.reason, k.damage_claim_id,
         coalesce(nullif(u.name, ''), u.email) as created_by_name, k.created_at, k.lifted_at
    from vehicle_blocks k
    join vehicles v on v.id = k.vehicle_id
    left join users u on u.id = k.created_by`;

export interface BlockListFilter {
  /** Only the blocks overlapping [from, to); without it, the live blocks not over yet. */
  period?: { from: string; to: string } | undefined;
  vehicleId?: string | undefined;
}

/** Live blocks, in the order they start; 500 at most. */
export async function listBlocks(db: Queryable, filter: BlockListFilter): Promise<FleetBlockRow[]> {
  const { rows } = await db.query<FleetBlockRow>(
    `${BLOCKS}
      where k.lifted_at is null
        and ($1::uuid is null or k.vehicle_id = $1)
        and case when $2::timestamptz is null then upper(k.period) > now()
                 else k.period && tstzrange($2::timestamptz, $3::timestamptz, '[)') end
      order by lower(k.period), v.name
      limit 500`,
    [filter.vehicleId ?? null, filter.period?.from ?? null, filter.period?.to ?? null],
  );
  return rows;
}

export async function findBlock(db: Queryable, id: string): Promise<FleetBlockRow | null> {
  const { rows } = await db.query<FleetBlockRow>(`${BLOCKS} where k.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks a block's row until the transaction ends; its vehicle, or null when there is none. */
export async function lockBlock(
  tx: Queryable,
  id: string,
): Promise<{ vehicle_id: string; lifted: boolean } | null> {
  const { rows } = await tx.query<{ vehicle_id: string; lifted: boolean }>(
    `select vehicle_id, lifted_at is not null as lifted from vehicle_blocks where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export async function vehicleExists(db: Queryable, vehicleId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from vehicles where id = $1`, [vehicleId]);
  return rows.length > 0;
}

export async function damageClaimExists(db: Queryable, claimId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from damage_claims where id = $1`, [claimId]);
  return rows.length > 0;
}

export interface OverlappingBooking {
  reference: string;
  pickup_date: Date;
  return_date: Date;
}

/**
 * The bookings that hold the car during part of the period: confirmed or in progress, or pending
 * with its hold running or its payment under way (lapsed holds are cancelled before this is asked).
 */
export async function findOverlappingBookings(
  tx: Queryable,
  vehicleId: string,
  start: string,
  end: string,
): Promise<OverlappingBooking[]> {
  const { rows } = await tx.query<OverlappingBooking>(
    `select reference, pickup_date, return_date from bookings
      where vehicle_id = $1 and period && tstzrange($2::timestamptz, $3::timestamptz, '[)')
        and booking_status in ('pending', 'confirmed', 'active')
      order by pickup_date
      limit 20`,
    [vehicleId, start, end],
  );
  return rows;
}

/** Another live block of the car during part of the period. */
export async function findOverlappingBlock(
  tx: Queryable,
  vehicleId: string,
  start: string,
  end: string,
  exceptId: string | null,
): Promise<{ start: Date; end: Date } | null> {
  const { rows } = await tx.query<{ start: Date; end: Date }>(
    `select lower(period) as start, upper(period) as "end" from vehicle_blocks
      where vehicle_id = $1 and lifted_at is null and ($4::uuid is null or id <> $4)
        and period && tstzrange($2::timestamptz, $3::timestamptz, '[)')
      order by lower(period) limit 1`,
    [vehicleId, start, end, exceptId],
  );
  return rows[0] ?? null;
}

export interface NewBlock {
  vehicleId: string;
  start: string;
  end: string;
  kind: FleetBlockKind;
  reason: string;
  damageClaimId: string | null;
  createdBy: string;
}

export async function insertBlock(tx: Queryable, block: NewBlock): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into vehicle_blocks (vehicle_id, period, kind, reason, damage_claim_id, created_by)
     values ($1, tstzrange($2::timestamptz, $3::timestamptz, '[)'), $4, $5, $6, $7)
     returning id`,
    [
      block.vehicleId,
      block.start,
      block.end,
      block.kind,
      block.reason,
      block.damageClaimId,
      block.createdBy,
    ],
  );
  return rows[0]!.id;
}

export async function updateBlock(
  tx: Queryable,
  id: string,
  change: { start: string; end: string; kind: FleetBlockKind; reason: string },
): Promise<void> {
  await tx.query(
    `update vehicle_blocks
        set period = tstzrange($2::timestamptz, $3::timestamptz, '[)'), kind = $4, reason = $5,
            updated_at = now()
      where id = $1`,
    [id, change.start, change.end, change.kind, change.reason],
  );
}

export async function liftBlock(tx: Queryable, id: string, liftedBy: string): Promise<void> {
  await tx.query(
    `update vehicle_blocks set lifted_at = now(), lifted_by = $2, updated_at = now()
      where id = $1 and lifted_at is null`,
    [id, liftedBy],
  );
}

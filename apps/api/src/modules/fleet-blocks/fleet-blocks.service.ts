import { firstOfMonth } from '@vroum/core/french-typography';
import type {
  FleetBlock,
  FleetBlockChange,
  FleetBlockQuery,
  FleetBlockRequest,
} from '@vroum/core/fleet-blocks';
import type { SiteInfo } from '@vroum/core/site';
import { isDatabaseBusy, type Database, type Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { lockVehicleBookings } from '../bookings/booking-reads.service';
import { lapseHoldsOfCar } from '../bookings/bookings.service';
import {
  damageClaimExists,
  findBlock,
  findOverlappingBlock,
  findOverlappingBookings,
  insertBlock,
  liftBlock,
  listBlocks,
  lockBlock,
  updateBlock,
  vehicleExists,
  type FleetBlockRow,
} from './fleet-blocks.repository';

/** What the fleet blocks need: the database and the site (for the notices of lapsed holds). */
export interface FleetBlocksDeps {
  db: Database;
  config: { site: SiteInfo };
}

const blockNotFound = () => notFound('Immobilisation introuvable', 'fleet_block_not_found');

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
/** A moment kept on one line (a phone must not break a date in two). */
const when = (date: Date) => firstOfMonth(parisDateTime.format(date)).replace(/ /g, '\u00a0');
const span = (start: Date, end: Date) => `du ${when(start)} au ${when(end)}`;

export function toFleetBlock(row: FleetBlockRow): FleetBlock {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    vehicleName: row.vehicle_name,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    kind: row.kind,
    reason: row.reason,
    damageClaimId: row.damage_claim_id,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    liftedAt: row.lifted_at?.toISOString() ?? null,
  };
}

export async function fleetBlocks(deps: FleetBlocksDeps, query: FleetBlockQuery) {
  const period = query.from && query.to ? { from: query.from, to: query.to } : undefined;
  return (await listBlocks(deps.db, { period, vehicleId: query.vehicleId })).map(toFleetBlock);
}

/**
 * Whether the car can be blocked for the period, under the car's lock (the one payment starts
 * take, so a block and a payment start for one car run one after the other): lapsed holds are
 * cancelled as a payment start would, then any live booking or other block refuses it in French.
 */
async function checkPeriodFree(
  tx: Queryable,
  deps: FleetBlocksDeps,
  vehicleId: string,
  period: { start: string; end: string },
  exceptBlockId: string | null,
): Promise<void> {
  await lockVehicleBookings(tx, vehicleId);
  await lapseHoldsOfCar(tx, deps.config.site, vehicleId);
  const bookings = await findOverlappingBookings(tx, vehicleId, period.start, period.end);
  if (bookings.length > 0) {
    const listed = bookings.map((b) => `${b.reference} (${span(b.pickup_date, b.return_date)})`);
    throw new AppError(
      'vehicle_booked',
      `Ce véhicule est réservé sur cette période\u00a0: ${listed.join(' ; ')}. ` +
        'Déplacez ou annulez ces réservations avant de l’immobiliser.',
      409,
    );
  }
  const block = await findOverlappingBlock(tx, vehicleId, period.start, period.end, exceptBlockId);
  if (block) {
    throw new AppError(
      'vehicle_already_blocked',
      `Ce véhicule est déjà immobilisé ${span(block.start, block.end)}\u00a0: modifiez plutôt cette immobilisation.`,
      409,
    );
  }
}

function checkNotOver(end: string): void {
  if (Date.parse(end) <= Date.now()) {
    throw new AppError(
      'invalid_request',
      'La fin de l’immobilisation est déjà passée.',
      400,
      'end',
    );
  }
}

/**
 * The exclusion constraint over bookings and blocks is the last word: a booking or block that
 * slipped in without the car's lock, or a wait that ran out, is the same refusal in French.
 */
async function underConstraint<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23P01' || isDatabaseBusy(error)) {
      throw new AppError(
        'vehicle_unavailable',
        'Ce véhicule vient d’être réservé ou immobilisé sur cette période\u00a0: rechargez et réessayez.',
        409,
      );
    }
    throw error;
  }
}

export async function createFleetBlock(
  deps: FleetBlocksDeps,
  adminId: string,
  request: FleetBlockRequest & { damageClaimId?: string | undefined },
): Promise<FleetBlock> {
  checkNotOver(request.end);
  if (!(await vehicleExists(deps.db, request.vehicleId))) {
    throw notFound('Véhicule non trouvé', 'vehicle_not_found');
  }
  if (request.damageClaimId && !(await damageClaimExists(deps.db, request.damageClaimId))) {
    throw notFound('Dossier de dommages introuvable', 'damage_claim_not_found');
  }
  const id = await underConstraint(() =>
    deps.db.transaction(async (tx) => {
      await checkPeriodFree(tx, deps, request.vehicleId, request, null);
      const id = await insertBlock(tx, {
        vehicleId: request.vehicleId,
        start: request.start,
        end: request.end,
        kind: request.kind,
        reason: request.reason,
        damageClaimId: request.damageClaimId ?? null,
        createdBy: adminId,
      });
      const created = toFleetBlock((await findBlock(tx, id))!);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'vehicle_block.create',
        entity: 'vehicle_block',
        entityId: id,
        before: null,
        after: created,
      });
      return id;
    }),
  );
  return toFleetBlock((await findBlock(deps.db, id))!);
}

export async function changeFleetBlock(
  deps: FleetBlocksDeps,
  adminId: string,
  id: string,
  change: FleetBlockChange,
): Promise<FleetBlock> {
  checkNotOver(change.end);
  await underConstraint(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockBlock(tx, id);
      if (!locked) throw blockNotFound();
      if (locked.lifted) {
        throw new AppError('fleet_block_lifted', 'Cette immobilisation a déjà été levée.', 409);
      }
      await checkPeriodFree(tx, deps, locked.vehicle_id, change, id);
      const before = toFleetBlock((await findBlock(tx, id))!);
      await updateBlock(tx, id, change);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'vehicle_block.change',
        entity: 'vehicle_block',
        entityId: id,
        before,
        after: toFleetBlock((await findBlock(tx, id))!),
      });
    }),
  );
  return toFleetBlock((await findBlock(deps.db, id))!);
}

/** Lifts a block: the car is available again for its period. Lifting it again changes nothing. */
export async function liftFleetBlock(
  deps: FleetBlocksDeps,
  adminId: string,
  id: string,
): Promise<FleetBlock> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockBlock(tx, id);
    if (!locked) throw blockNotFound();
    if (locked.lifted) return;
    const before = toFleetBlock((await findBlock(tx, id))!);
    await liftBlock(tx, id, adminId);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'vehicle_block.lift',
      entity: 'vehicle_block',
      entityId: id,
      before,
      after: toFleetBlock((await findBlock(tx, id))!),
    });
  });
  return toFleetBlock((await findBlock(deps.db, id))!);
}

import type { VehicleDeletion } from '@vroum/core/admin';
import { dailyKmLimitFor, offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import {
  deletePhotoObjects,
  listStoredPhotos,
  photoObjectKeys,
  type StoredPhoto,
} from '../vehicle-photos/vehicle-photos.service';
import {
  deleteVehicleRow,
  insertVehicle,
  lockVehicleRow,
  selectAllVehicles,
  slugsLike,
  updateVehicleRow,
  vehicleHasBookings,
  withdrawVehicle,
  type KilometreColumns,
  type VehicleFields,
} from './vehicle-admin.repository';
import { writeAudit } from '../audit/audit.service';

/** 'Mercedes Classe S 500' → 'mercedes-classe-s-500' (the slug of the vehicle page URL). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'vehicule';
}

async function freeSlug(tx: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await slugsLike(tx, base);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

async function lockVehicle(tx: Queryable, id: string): Promise<Vehicle> {
  const vehicle = await lockVehicleRow(tx, id);
  if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
  return vehicle;
}

export const listAdminVehicles = (db: Queryable): Promise<Vehicle[]> => selectAllVehicles(db);

/**
 * The daily limit and the features' `unlimitedKm` (kept for the features' published shape), both
 * from the one rule: an admin-made Super Car gets its limit, and its page never offers the option.
 */
function kilometres(input: VehicleFields, current?: number | null): KilometreColumns {
  const limit = dailyKmLimitFor(input.category, input.dailyKmLimit, current);
  const features = { ...input.features, unlimitedKm: offersUnlimitedKm({ dailyKmLimit: limit }) };
  return [JSON.stringify(features), limit];
}

export async function createVehicle(
  db: Database,
  actorUserId: string,
  input: VehicleFields,
): Promise<Vehicle> {
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, input.name);
    const vehicle = await insertVehicle(tx, slug, input, kilometres(input));
    await writeAudit(tx, {
      actorUserId,
      action: 'vehicle.create',
      entity: 'vehicle',
      entityId: vehicle.id,
      before: null,
      after: vehicle,
    });
    return vehicle;
  });
}

export async function updateVehicle(
  db: Database,
  actorUserId: string,
  id: string,
  input: VehicleFields,
): Promise<Vehicle> {
  return db.transaction(async (tx) => {
    const before = await lockVehicle(tx, id);
    const after = await updateVehicleRow(tx, id, input, kilometres(input, before.dailyKmLimit));
    await writeAudit(tx, {
      actorUserId,
      action: 'vehicle.update',
      entity: 'vehicle',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export const WITHDRAWN_MESSAGE =
  'Ce véhicule a des réservations et ne peut pas être supprimé : il a été rendu indisponible à la location.';

/**
 * Deletes a vehicle that was never booked. One with bookings (their history and invoices refer
 * to it) is withdrawn from rental instead: is_available becomes false.
 */
export async function deleteVehicle(
  deps: { db: Database; storage: ObjectStorage; log: FastifyBaseLogger },
  actorUserId: string,
  id: string,
): Promise<VehicleDeletion> {
  let photos: StoredPhoto[] = [];
  const deletion = await deps.db.transaction(async (tx): Promise<VehicleDeletion> => {
    const before = await lockVehicle(tx, id);
    if (await vehicleHasBookings(tx, id)) {
      const withdrawn = await withdrawVehicle(tx, id);
      await writeAudit(tx, {
        actorUserId,
        action: 'vehicle.withdraw',
        entity: 'vehicle',
        entityId: id,
        before,
        after: withdrawn,
      });
      return { outcome: 'withdrawn', message: WITHDRAWN_MESSAGE };
    }
    // Its photos' rows go with it (on delete cascade); their files once this has committed.
    photos = await listStoredPhotos(tx, id);
    await deleteVehicleRow(tx, id);
    await writeAudit(tx, {
      actorUserId,
      action: 'vehicle.delete',
      entity: 'vehicle',
      entityId: id,
      before,
      after: null,
    });
    return { outcome: 'deleted', message: 'Véhicule supprimé' };
  });
  await deletePhotoObjects(deps, photos.flatMap(photoObjectKeys));
  return deletion;
}

import type { AdminVehicleInput, VehicleDeletion } from '@vroum/core/admin';
import { dailyKmLimitFor, offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { COLUMNS, toVehicle, type VehicleRow } from '../vehicles/vehicles.repository';
import { writeAudit } from './audit';

/** The validated form (defaults applied). */
export type VehicleFields = z.output<typeof AdminVehicleInput>;

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
  const { rows } = await tx.query<{ slug: string }>(
    `select slug from vehicles where slug = $1 or slug like $1 || '-%'`,
    [base],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

async function lockVehicle(tx: Queryable, id: string): Promise<Vehicle> {
  const { rows } = await tx.query<VehicleRow>(
    `select ${COLUMNS} from vehicles where id = $1 for update`,
    [id],
  );
  if (!rows[0]) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
  return toVehicle(rows[0]);
}

export async function listAdminVehicles(db: Queryable): Promise<Vehicle[]> {
  const { rows } = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles order by created_at desc, name`,
  );
  return rows.map(toVehicle);
}

/**
 * The daily limit and the features' `unlimitedKm` (kept for the features' published shape), both
 * from the one rule: an admin-made Super Car gets its limit, and its page never offers the option.
 */
function kilometres(input: VehicleFields, current?: number | null): [string, number | null] {
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
    const { rows } = await tx.query<VehicleRow>(
      `insert into vehicles (slug, name, category, image_url, price_per_day_cents, deposit_cents,
         description, is_available, is_supercar, features, daily_km_limit)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $3 = 'Super Cars', $9::jsonb, $10)
       returning ${COLUMNS}`,
      [
        slug,
        input.name,
        input.category,
        input.imageUrl,
        input.pricePerDayCents,
        input.depositCents,
        input.description,
        input.isAvailable,
        ...kilometres(input),
      ],
    );
    const vehicle = toVehicle(rows[0]!);
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
    const { rows } = await tx.query<VehicleRow>(
      `update vehicles set name = $2, category = $3, image_url = $4, price_per_day_cents = $5,
         deposit_cents = $6, description = $7, is_available = $8, features = $9::jsonb,
         daily_km_limit = $10, is_supercar = ($3 = 'Super Cars'), updated_at = now()
       where id = $1 returning ${COLUMNS}`,
      [
        id,
        input.name,
        input.category,
        input.imageUrl,
        input.pricePerDayCents,
        input.depositCents,
        input.description,
        input.isAvailable,
        ...kilometres(input, before.dailyKmLimit),
      ],
    );
    const after = toVehicle(rows[0]!);
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
  db: Database,
  actorUserId: string,
  id: string,
): Promise<VehicleDeletion> {
  return db.transaction(async (tx) => {
    const before = await lockVehicle(tx, id);
    const { rows } = await tx.query<{ booked: boolean }>(
      'select exists (select 1 from bookings where vehicle_id = $1) as booked',
      [id],
    );
    if (rows[0]?.booked) {
      const updated = await tx.query<VehicleRow>(
        `update vehicles set is_available = false, updated_at = now() where id = $1
         returning ${COLUMNS}`,
        [id],
      );
      await writeAudit(tx, {
        actorUserId,
        action: 'vehicle.withdraw',
        entity: 'vehicle',
        entityId: id,
        before,
        after: toVehicle(updated.rows[0]!),
      });
      return { outcome: 'withdrawn', message: WITHDRAWN_MESSAGE };
    }
    await tx.query('delete from vehicles where id = $1', [id]);
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
}

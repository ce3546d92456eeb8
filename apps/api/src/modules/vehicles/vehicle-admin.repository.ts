import type { AdminVehicleInput } from '@vroum/core/admin';
import type { Vehicle } from '@vroum/core/vehicle';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { COLUMNS, toVehicle, type VehicleRow } from './vehicles.repository';

/** The validated form (defaults applied). */
export type VehicleFields = z.output<typeof AdminVehicleInput>;

/** What the kilometre rule decides for a vehicle: its features (JSON) and its daily limit. */
export type KilometreColumns = [features: string, dailyKmLimit: number | null];

/** The slugs already taken by `base` and its numbered variants (`base-2`, `base-3`…). */
export async function slugsLike(tx: Queryable, base: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ slug: string }>(
    `select slug from vehicles where slug = $1 or slug like $1 || '-%'`,
    [base],
  );
  return new Set(rows.map((row) => row.slug));
}

/** The vehicle, locked until the transaction ends, or null. */
export async function lockVehicleRow(tx: Queryable, id: string): Promise<Vehicle | null> {
  const { rows } = await tx.query<VehicleRow>(
    `select ${COLUMNS} from vehicles where id = $1 for update`,
    [id],
  );
  return rows[0] ? toVehicle(rows[0]) : null;
}

/** Every vehicle, available or not, newest first. */
export async function selectAllVehicles(db: Queryable): Promise<Vehicle[]> {
  const { rows } = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles order by created_at desc, name`,
  );
  return rows.map(toVehicle);
}

const fieldValues = (input: VehicleFields) => [
  input.name,
  input.category,
  input.imageUrl,
  input.pricePerDayCents,
  input.depositCents,
  input.description,
  input.isAvailable,
];

export async function insertVehicle(
  tx: Queryable,
  slug: string,
  input: VehicleFields,
  kilometres: KilometreColumns,
): Promise<Vehicle> {
  const { rows } = await tx.query<VehicleRow>(
    `insert into vehicles (slug, name, category, image_url, price_per_day_cents, deposit_cents,
       description, is_available, is_supercar, features, daily_km_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $3 = 'Super Cars', $9::jsonb, $10)
     returning ${COLUMNS}`,
    [slug, ...fieldValues(input), ...kilometres],
  );
  return toVehicle(rows[0]!);
}

export async function updateVehicleRow(
  tx: Queryable,
  id: string,
  input: VehicleFields,
  kilometres: KilometreColumns,
): Promise<Vehicle> {
  const { rows } = await tx.query<VehicleRow>(
    `update vehicles set name = $2, category = $3, image_url = $4, price_per_day_cents = $5,
       deposit_cents = $6, description = $7, is_available = $8, features = $9::jsonb,
       daily_km_limit = $10, is_supercar = ($3 = 'Super Cars'), updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, ...fieldValues(input), ...kilometres],
  );
  return toVehicle(rows[0]!);
}

export async function vehicleHasBookings(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ booked: boolean }>(
    'select exists (select 1 from bookings where vehicle_id = $1) as booked',
    [id],
  );
  return rows[0]?.booked === true;
}

/** Takes the vehicle out of rental (is_available false). */
export async function withdrawVehicle(tx: Queryable, id: string): Promise<Vehicle> {
  const { rows } = await tx.query<VehicleRow>(
    `update vehicles set is_available = false, updated_at = now() where id = $1
     returning ${COLUMNS}`,
    [id],
  );
  return toVehicle(rows[0]!);
}

export async function deleteVehicleRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from vehicles where id = $1', [id]);
}

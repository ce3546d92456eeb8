import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import type { Queryable } from '../../db/client';
import { HOLDS_THE_CAR, type Period } from './availability.repository';

export interface VehicleRow {
  id: string;
  slug: string;
  name: string;
  brand: string;
  category: Vehicle['category'];
  body_type: Vehicle['bodyType'];
  energy: Vehicle['energy'];
  image_url: string;
  price_per_day_cents: number;
  deposit_cents: number;
  description: string | null;
  is_available: boolean;
  is_supercar: boolean;
  daily_km_limit: number | null;
  features: Vehicle['features'];
  specs: Vehicle['specs'];
  created_at: Date;
}

export const COLUMNS = `id, slug, name, brand, category, body_type, energy, image_url, price_per_day_cents,
  deposit_cents, description, is_available, is_supercar, daily_km_limit, features, specs, created_at`;

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category,
    bodyType: row.body_type,
    energy: row.energy,
    imageUrl: row.image_url,
    pricePerDayCents: row.price_per_day_cents,
    depositCents: row.deposit_cents,
    description: row.description,
    isAvailable: row.is_available,
    isSupercar: row.is_supercar,
    dailyKmLimit: row.daily_km_limit,
    features: row.features ?? {},
    specs: row.specs,
    createdAt: row.created_at.toISOString(),
  };
}

export interface VehicleListFilter {
  category?: VehicleCategory | undefined;
  /** Only vehicles offered for rental (is_available). */
  availableOnly: boolean;
  /** Only vehicles that no booking holds during this period. */
  freeDuring?: Period | undefined;
}

export async function findVehicles(db: Queryable, filter: VehicleListFilter): Promise<Vehicle[]> {
  const { rows } = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles v
      where ($1::text is null or v.category = $1) and (not $2 or v.is_available)
        and ($3::timestamptz is null or v.id not in (
          select b.vehicle_id from bookings b
           where b.period && tstzrange($3::timestamptz, $4::timestamptz, '[)')
             and ${HOLDS_THE_CAR}))
      order by v.price_per_day_cents, v.name`,
    [
      filter.category ?? null,
      filter.availableOnly,
      filter.freeDuring?.start ?? null,
      filter.freeDuring?.end ?? null,
    ],
  );
  return rows.map(toVehicle);
}

export async function findVehicleBySlug(db: Queryable, slug: string): Promise<Vehicle | null> {
  const { rows } = await db.query<VehicleRow>(`select ${COLUMNS} from vehicles where slug = $1`, [
    slug,
  ]);
  return rows[0] ? toVehicle(rows[0]) : null;
}

import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import type { VehiclePhoto } from '@vroum/core/vehicle-photos';
import type { Queryable, SqlParam } from '../../db/client';
import { blockedDuring, HOLDS_THE_CAR, type Period } from './availability.repository';

export interface VehicleRow {
  id: string;
  slug: string;
  name: string;
  brand: string;
  category: Vehicle['category'];
  body_type: Vehicle['bodyType'];
  energy: Vehicle['energy'];
  image_url: string;
  main_photo: VehiclePhoto | null;
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

export const COLUMNS = `id, slug, name, brand, category, body_type, energy, image_url,
  vehicle_main_photo(id) as main_photo, price_per_day_cents, deposit_cents, description,
  is_available, is_supercar, daily_km_limit, features, specs, created_at`;

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
    mainPhoto: row.main_photo,
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
  /** Only vehicles that no booking holds and no fleet block takes during this period. */
  freeDuring?: Period | undefined;
}

export async function findVehicles(db: Queryable, filter: VehicleListFilter): Promise<Vehicle[]> {
  const { rows } = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles v
      where ($1::text is null or v.category = $1) and (not $2 or v.is_available)
        and ($3::timestamptz is null or v.id not in (
          select b.vehicle_id from bookings b
           where b.period && tstzrange($3::timestamptz, $4::timestamptz, '[)')
             and ${HOLDS_THE_CAR}
          union all ${blockedDuring('$3', '$4')}))
      order by v.price_per_day_cents, v.name, v.id`,
    [
      filter.category ?? null,
      filter.availableOnly,
      filter.freeDuring?.start ?? null,
      filter.freeDuring?.end ?? null,
    ],
  );
  return rows.map(toVehicle);
}

/** Where a page of free vehicles resumes: the last vehicle of the previous page, in list order. */
export interface CatalogueCursor {
  pricePerDayCents: number;
  name: string;
  id: string;
}

export interface FreeVehiclesPageQuery {
  period: Period;
  category?: VehicleCategory | undefined;
  limit: number;
  after?: CatalogueCursor | undefined;
}

/**
 * One page of the vehicles offered for rental that no booking holds during the period, in the
 * catalogue's order (price, name, id), resuming after `after` (keyset pagination).
 *
 * The shape is chosen for a large fleet (p99 < 25 ms at 500 requests/s, `npm run bench`; decision
 * 017):
 * - the cars held during the period are read once, from the covering index
 *   `bookings_busy_period_idx` alone (with the few cars a fleet block takes, from
 *   `vehicle_blocks_live_period_idx`) (index-only, once VACUUM has marked the pages visible:
 *   autovacuum on PostgreSQL, `db/maintenance.ts` on PGlite), into a hash;
 * - the vehicles are walked along `vehicles_catalogue_order_idx`, also index-only, until the page
 *   is full; only the page's rows are then read from the table.
 * Probing each car's bookings instead (NOT EXISTS as a nested loop) is faster when most cars are
 * free but probes the whole fleet when almost none is, e.g. for a week in high season.
 */
export async function findFreeVehiclesPage(
  db: Queryable,
  query: FreeVehiclesPageQuery,
): Promise<{ vehicles: Vehicle[]; next: CatalogueCursor | null }> {
  // Only the conditions in use are written: this is the catalogue's hottest query, and PGlite
  // plans every statement afresh.
  const params: SqlParam[] = [query.period.start, query.period.end, query.limit + 1];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const conditions = ['v.is_available'];
  if (query.category) conditions.push(`v.category = ${param(query.category)}`);
  if (query.after) {
    conditions.push(
      `(v.price_per_day_cents, v.name, v.id) > (${param(query.after.pricePerDayCents)}::int, ` +
        `${param(query.after.name)}::text, ${param(query.after.id)}::uuid)`,
    );
  }
  // The page is chosen from the index alone (price, name and id, and the category for a
  // category search, are in it); only its rows are then read from the table.
  const { rows } = await db.query<VehicleRow>(
    `with page as (
       select v.id as page_id, v.price_per_day_cents as page_price, v.name as page_name
         from vehicles v
        where ${conditions.join(' and ')}
          and v.id not in (
            select b.vehicle_id from bookings b
             where b.period && tstzrange($1::timestamptz, $2::timestamptz, '[)')
               and ${HOLDS_THE_CAR}
            union all ${blockedDuring('$1', '$2')})
        order by v.price_per_day_cents, v.name, v.id
        limit $3)
     select ${COLUMNS} from page join vehicles on vehicles.id = page.page_id
      order by page_price, page_name, page_id`,
    params,
  );
  const vehicles = rows.slice(0, query.limit).map(toVehicle);
  const last = vehicles.at(-1);
  return {
    vehicles,
    next:
      rows.length > query.limit && last
        ? { pricePerDayCents: last.pricePerDayCents, name: last.name, id: last.id }
        : null,
  };
}

export async function findVehicleBySlug(db: Queryable, slug: string): Promise<Vehicle | null> {
  const { rows } = await db.query<VehicleRow>(`select ${COLUMNS} from vehicles where slug = $1`, [
    slug,
  ]);
  return rows[0] ? toVehicle(rows[0]) : null;
}

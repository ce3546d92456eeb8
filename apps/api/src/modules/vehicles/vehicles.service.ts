import type { Vehicle } from '@vroum/core/vehicle';
import type { Queryable } from '../../db/client';
import { isVehicleBlocked, isVehicleFree, type Period } from './availability.repository';
import {
  findFreeVehiclesPage,
  findVehicleBySlug,
  findVehicles,
  type CatalogueCursor,
  type FreeVehiclesPageQuery,
  type VehicleListFilter,
} from './vehicles.repository';

// What the other modules read of the catalogue: the vehicles and their availability are written
// and read in SQL by this module's repositories only.

/** The vehicle of a page's slug, or null. */
export async function getVehicleBySlug(db: Queryable, slug: string): Promise<Vehicle | null> {
  return findVehicleBySlug(db, slug);
}

/** The catalogue's vehicles, filtered by category, availability and a free period. */
export async function listVehicles(db: Queryable, filter: VehicleListFilter): Promise<Vehicle[]> {
  return findVehicles(db, filter);
}

/** One page of the vehicles free over a period, with the cursor of the next page. */
export async function listFreeVehiclesPage(
  db: Queryable,
  query: FreeVehiclesPageQuery,
): Promise<{ vehicles: Vehicle[]; next: CatalogueCursor | null }> {
  return findFreeVehiclesPage(db, query);
}

/** True when no holding booking nor fleet block takes the car during the half-open period. */
export async function vehicleIsFree(
  db: Queryable,
  vehicleId: string,
  period: Period,
): Promise<boolean> {
  return isVehicleFree(db, vehicleId, period);
}

/** True when a live fleet block takes the car during part of the period. */
export async function vehicleIsBlocked(
  db: Queryable,
  vehicleId: string,
  period: Period,
): Promise<boolean> {
  return isVehicleBlocked(db, vehicleId, period);
}

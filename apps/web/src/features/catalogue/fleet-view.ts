import {
  HOME_CATEGORIES,
  matchesEnergy,
  PRICE_FILTER,
  SEAT_FILTERS,
  SORT_OPTIONS,
  type ResolvedFleetCategory,
  type SortOption,
} from '@vroum/core/fleet-filters';
import type { Transmission, Vehicle } from '@vroum/core/vehicle';
import { resolveFeatures } from '@vroum/core/vehicle-features';
import { compareNames } from '../../lib/compare-names';

/**
 * The fleet's filters and sort (price range, transmission, seats, order) as they live in the URL,
 * so that a filtered view can be shared and survives a reload: ?minPrice&maxPrice (euros per day)
 * &transmission=automatique|manuelle &seats=2|4|5 &sort=…
 */
export type SeatFilter = (typeof SEAT_FILTERS)[number];

export interface FleetFilters {
  /** Euros per day, a multiple of the slider step. */
  minPrice: number;
  /** Euros per day; the slider's maximum means "no upper bound". */
  maxPrice: number;
  transmission: Transmission | null;
  /** At least this many seats. */
  seats: SeatFilter | null;
  sort: SortOption;
}

export const DEFAULT_SORT: SortOption = 'price-asc';

export const DEFAULT_FLEET_FILTERS: FleetFilters = {
  minPrice: PRICE_FILTER.min,
  maxPrice: PRICE_FILTER.max,
  transmission: null,
  seats: null,
  sort: DEFAULT_SORT,
};

const FILTER_PARAMS = ['minPrice', 'maxPrice', 'transmission', 'seats', 'sort'] as const;

const TRANSMISSIONS: Record<string, Transmission> = {
  automatique: 'Automatique',
  manuelle: 'Manuelle',
};

function readPrice(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number)) return fallback;
  const snapped = Math.round(number / PRICE_FILTER.step) * PRICE_FILTER.step;
  return Math.min(PRICE_FILTER.max, Math.max(PRICE_FILTER.min, snapped));
}

/** Reads the filters from the URL; unknown or out-of-range values fall back to the defaults. */
export function readFleetFilters(params: URLSearchParams): FleetFilters {
  let minPrice = readPrice(params.get('minPrice'), PRICE_FILTER.min);
  let maxPrice = readPrice(params.get('maxPrice'), PRICE_FILTER.max);
  if (minPrice >= maxPrice) {
    minPrice = PRICE_FILTER.min;
    maxPrice = PRICE_FILTER.max;
  }
  const seats = Number(params.get('seats'));
  const sort = params.get('sort');
  return {
    minPrice,
    maxPrice,
    transmission: TRANSMISSIONS[params.get('transmission')?.toLowerCase() ?? ''] ?? null,
    seats: SEAT_FILTERS.find((value) => value === seats) ?? null,
    sort: SORT_OPTIONS.find((option) => option.value === sort)?.value ?? DEFAULT_SORT,
  };
}

/** A copy of `params` carrying `filters`: defaults are left out to keep URLs short. */
export function writeFleetFilters(params: URLSearchParams, filters: FleetFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) next.delete(key);
  if (filters.minPrice !== PRICE_FILTER.min) next.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== PRICE_FILTER.max) next.set('maxPrice', String(filters.maxPrice));
  if (filters.transmission) next.set('transmission', filters.transmission.toLowerCase());
  if (filters.seats) next.set('seats', String(filters.seats));
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

/** The body-type or energy filter that a home category adds to its tab, with its chip label. */
export function homeFilterLabel(category: string | null): string | null {
  const home = HOME_CATEGORIES.find((entry) => entry.value === category?.toLowerCase());
  return home && ('body' in home || 'energy' in home) ? home.label : null;
}

/** Price range, transmission, seats, and the home category's filter when there is one. */
export function countActiveFilters(filters: FleetFilters, hasHomeFilter: boolean): number {
  return [
    filters.minPrice !== PRICE_FILTER.min || filters.maxPrice !== PRICE_FILTER.max,
    filters.transmission !== null,
    filters.seats !== null,
    hasHomeFilter,
  ].filter(Boolean).length;
}

/** The tab's vehicles that pass the filters, in the chosen order. */
export function applyFleetView(
  vehicles: readonly Vehicle[],
  filters: FleetFilters,
  category: ResolvedFleetCategory,
): Vehicle[] {
  const matching = vehicles.filter((vehicle) => {
    const features = resolveFeatures(vehicle.features);
    const euros = vehicle.pricePerDayCents / 100;
    return (
      euros >= filters.minPrice &&
      (filters.maxPrice === PRICE_FILTER.max || euros <= filters.maxPrice) &&
      (!filters.transmission || features.transmission === filters.transmission) &&
      (!filters.seats || features.seats >= filters.seats) &&
      (!category.body || vehicle.bodyType === category.body) &&
      matchesEnergy(vehicle.energy, category.energy)
    );
  });
  return matching.sort((a, b) => compareVehicles(a, b, filters.sort));
}

function compareVehicles(a: Vehicle, b: Vehicle, sort: SortOption): number {
  switch (sort) {
    case 'price-asc':
      return a.pricePerDayCents - b.pricePerDayCents || compareNames(a.name, b.name);
    case 'price-desc':
      return b.pricePerDayCents - a.pricePerDayCents || compareNames(a.name, b.name);
    case 'name-asc':
      return compareNames(a.name, b.name);
    case 'name-desc':
      return compareNames(b.name, a.name);
  }
}

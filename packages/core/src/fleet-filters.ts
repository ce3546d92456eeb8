import type { BodyType, Energy, VehicleCategory } from './vehicle';

/** The four fleet tabs, by their URL value: standard, premium, luxe, supercars. */
export const FLEET_TABS = [
  { value: 'standard', category: 'Standard', label: 'Standard' },
  { value: 'premium', category: 'Premium', label: 'Premium' },
  { value: 'luxe', category: 'Luxe', label: 'Luxe' },
  { value: 'supercars', category: 'Super Cars', label: 'Super Cars' },
] as const satisfies readonly { value: string; category: VehicleCategory; label: string }[];
export type FleetTab = (typeof FLEET_TABS)[number]['value'];

/** 'electrifie' = electric or hybrid. */
export type EnergyFilter = Energy | 'electrifie';

/**
 * The home module's categories (Luxe, SUV, Berline, Électrique, Économie) and where each leads in
 * the fleet.
 */
export const HOME_CATEGORIES = [
  { value: 'luxe', label: 'Luxe', tab: 'luxe' },
  { value: 'suv', label: 'SUV', tab: 'luxe', body: 'suv' },
  { value: 'berline', label: 'Berline', tab: 'premium', body: 'berline' },
  { value: 'electrique', label: 'Électrique', tab: 'standard', energy: 'electrifie' },
  { value: 'economie', label: 'Économie', tab: 'standard' },
] as const satisfies readonly {
  value: string;
  label: string;
  tab: FleetTab;
  body?: BodyType;
  energy?: EnergyFilter;
}[];
export type HomeCategory = (typeof HOME_CATEGORIES)[number]['value'];

export interface ResolvedFleetCategory {
  tab: FleetTab;
  body?: BodyType;
  energy?: EnergyFilter;
}

/**
 * Reads the fleet's category parameter: a tab value, or a home category that is translated into
 * a tab plus a body-type or energy filter. Unknown or absent → null (nothing is listed).
 */
export function resolveFleetCategory(value: string | null): ResolvedFleetCategory | null {
  if (!value) return null;
  const normalized = value.toLowerCase();
  const tab = FLEET_TABS.find((candidate) => candidate.value === normalized);
  if (tab) return { tab: tab.value };
  const home = HOME_CATEGORIES.find((candidate) => candidate.value === normalized);
  if (!home) return null;
  return {
    tab: home.tab,
    ...('body' in home ? { body: home.body } : {}),
    ...('energy' in home ? { energy: home.energy } : {}),
  };
}

export function matchesEnergy(energy: Energy, filter: EnergyFilter | undefined): boolean {
  if (!filter) return true;
  if (filter === 'electrifie') return energy === 'electrique' || energy === 'hybride';
  return energy === filter;
}

export const PRICE_FILTER = { min: 0, max: 2000, step: 50 } as const;
export const SEAT_FILTERS = [2, 4, 5] as const;
export const SORT_OPTIONS = [
  { value: 'price-asc', label: 'Prix croissant' },
  { value: 'price-desc', label: 'Prix décroissant' },
  { value: 'name-asc', label: 'Nom (A-Z)' },
  { value: 'name-desc', label: 'Nom (Z-A)' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

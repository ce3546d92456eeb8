import type { VehicleFeatures } from './vehicle';

/**
 * Vehicle features with the defaults for absent keys applied: Automatique, 5 seats, 3 luggage, 4
 * doors, unlimited km unless explicitly false. Kept apart from the zod schemas so that pages can
 * use it without loading zod.
 */
export type ResolvedFeatures = Required<VehicleFeatures>;

export function resolveFeatures(features: VehicleFeatures | null | undefined): ResolvedFeatures {
  return {
    transmission: features?.transmission ?? 'Automatique',
    seats: features?.seats ?? 5,
    luggage: features?.luggage ?? 3,
    doors: features?.doors ?? 4,
    unlimitedKm: features?.unlimitedKm !== false,
  };
}

import { CATALOGUE } from '@vroum/core/catalogue';
import type { Vehicle } from '@vroum/core/vehicle';

/** A vehicle of the seeded catalogue as the API sends it, with what a test changes of it. */
export function catalogueVehicle(slug: string, overrides: Partial<Vehicle> = {}): Vehicle {
  const entry = CATALOGUE.find((vehicle) => vehicle.slug === slug);
  if (!entry) throw new Error(`No vehicle ${slug} in the catalogue`);
  return {
    ...entry,
    id: '00000000-0000-4000-8000-000000000001',
    imageUrl: `/images/vehicles/${slug}.svg`,
    mainPhoto: null,
    isAvailable: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

import { z } from 'zod';
import type { ResolvedFeatures } from './vehicle-features';
import { VehiclePhoto } from './vehicle-photos';

/** The four catalogue categories of the fleet. */
export const VEHICLE_CATEGORIES = ['Standard', 'Premium', 'Luxe', 'Super Cars'] as const;
export const VehicleCategory = z.enum(VEHICLE_CATEGORIES);
export type VehicleCategory = z.infer<typeof VehicleCategory>;

/** URL value of each category, as read by /flotte?category=… */
export const CATEGORY_SLUGS: Record<VehicleCategory, string> = {
  Standard: 'standard',
  Premium: 'premium',
  Luxe: 'luxe',
  'Super Cars': 'supercars',
};

export const BODY_TYPES = ['citadine', 'berline', 'suv', 'monospace', 'sportive'] as const;
export const BodyType = z.enum(BODY_TYPES);
export type BodyType = z.infer<typeof BodyType>;

export const ENERGIES = ['essence', 'diesel', 'hybride', 'electrique'] as const;
export const Energy = z.enum(ENERGIES);
export type Energy = z.infer<typeof Energy>;

export const Transmission = z.enum(['Automatique', 'Manuelle']);
export type Transmission = z.infer<typeof Transmission>;

/**
 * The features object of a vehicle row, every key optional (absent keys take the defaults of
 * `resolveFeatures`).
 */
export const VehicleFeatures = z.object({
  transmission: Transmission.optional(),
  seats: z.number().int().min(1).max(9).optional(),
  luggage: z.number().int().min(0).max(10).optional(),
  doors: z.number().int().min(2).max(5).optional(),
  unlimitedKm: z.boolean().optional(),
});
export type VehicleFeatures = z.infer<typeof VehicleFeatures>;

/** Technical specifications shown on the vehicle page. */
export const VehicleSpecs = z.object({
  /** e.g. '250 ch' */
  power: z.string().min(1),
  /** 0–100 km/h, e.g. '5,2 s' */
  acceleration: z.string().min(1),
  /** e.g. '250 km/h' */
  topSpeed: z.string().min(1),
  /** e.g. 'Essence', 'Hybride rechargeable' */
  fuelType: z.string().min(1),
});
export type VehicleSpecs = z.infer<typeof VehicleSpecs>;

/** A vehicle as the API returns it. Money in integer cents. */
export const Vehicle = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  category: VehicleCategory,
  bodyType: BodyType,
  energy: Energy,
  /** The illustration, shown when the vehicle has no photo. */
  imageUrl: z.string(),
  /** The first of the vehicle's photos, or null when the team has uploaded none. */
  mainPhoto: VehiclePhoto.nullable(),
  pricePerDayCents: z.number().int(),
  depositCents: z.number().int(),
  description: z.string().nullable(),
  isAvailable: z.boolean(),
  isSupercar: z.boolean(),
  /** Daily kilometre limit for supercars; null when the standard allowance applies. */
  dailyKmLimit: z.number().int().nullable(),
  features: VehicleFeatures,
  specs: VehicleSpecs.nullable(),
  createdAt: z.string(),
});
export type Vehicle = z.infer<typeof Vehicle>;

/** One vehicle's page: the vehicle and all its photos, in the team's order (main first). */
export const VehicleDetail = Vehicle.extend({ photos: z.array(VehiclePhoto) });
export type VehicleDetail = z.infer<typeof VehicleDetail>;

// The kilometre rules, zod-free for the catalogue pages' first load.
export { dailyKmLimitFor, offersUnlimitedKm, SUPERCAR_DAILY_KM_LIMIT } from './vehicle-km';

/** One entry of the seeded catalogue. */
export interface CatalogueVehicle {
  slug: string;
  name: string;
  brand: string;
  category: VehicleCategory;
  bodyType: BodyType;
  energy: Energy;
  pricePerDayCents: number;
  depositCents: number;
  /** What the car is worth: the excess of a rental without protection (the rental terms). */
  valueCents: number;
  isSupercar: boolean;
  dailyKmLimit: number | null;
  description: string;
  features: ResolvedFeatures;
  specs: VehicleSpecs;
}

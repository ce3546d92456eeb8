import type { VehicleCategory } from './vehicle';

/** A Super Car drives at most this many kilometres a day unless the team sets its own limit. */
export const SUPERCAR_DAILY_KM_LIMIT = 200;

/**
 * The one rule for kilometres: a car with a daily kilometre limit (every Super Car has one) is
 * driven within it, beyond at 0.47 €/km, and cannot take the unlimited-km option; any other car
 * includes 1 000 km and offers the option.
 */
export function offersUnlimitedKm(vehicle: { dailyKmLimit: number | null }): boolean {
  return vehicle.dailyKmLimit === null;
}

/**
 * The daily limit a vehicle gets when the team creates or edits it: the one asked for, else the
 * one it had (`current`, undefined at creation), and always one for a Super Car.
 */
export function dailyKmLimitFor(
  category: VehicleCategory,
  asked: number | null | undefined,
  current?: number | null,
): number | null {
  const limit = asked === undefined ? (current ?? null) : asked;
  return category === 'Super Cars' ? (limit ?? SUPERCAR_DAILY_KM_LIMIT) : limit;
}

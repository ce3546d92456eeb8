import type { ProtectionId } from './protection';

/**
 * What the customer bears of damage to the car, by protection plan, as the rental terms publish
 * it: nothing with Complète and Intermédiaire, up to 2 000 € with Basique, up to the vehicle's
 * value with Aucune. The deposit and the saved card pay damage within that excess only.
 */
export const BASIC_EXCESS_CENTS = 200_000;

export type DamageExcess =
  { kind: 'none' } | { kind: 'fixed'; cents: number } | { kind: 'vehicle-value' };

export const PLAN_EXCESS: Readonly<Record<ProtectionId, DamageExcess>> = {
  complete: { kind: 'none' },
  intermediate: { kind: 'none' },
  basic: { kind: 'fixed', cents: BASIC_EXCESS_CENTS },
  none: { kind: 'vehicle-value' },
};

/**
 * The plan's excess in cents: 0, the fixed amount, or the vehicle's value. Null when the excess
 * is the vehicle's value and the team has not recorded it.
 */
export function damageExcessCents(
  plan: ProtectionId,
  vehicleValueCents: number | null,
): number | null {
  const excess = PLAN_EXCESS[plan];
  if (excess.kind === 'none') return 0;
  if (excess.kind === 'fixed') return excess.cents;
  return vehicleValueCents;
}

/**
 * The damage that may be charged: the amount assessed, within the plan's excess. An unknown
 * vehicle value sets no lower bound than the assessment itself: the administrator who approves
 * the charge sees that the value is missing and decides (the agent alone never charges).
 */
export function chargeableDamageCents(
  plan: ProtectionId,
  assessedCents: number,
  vehicleValueCents: number | null,
): number {
  const assessed = Math.max(0, Math.round(assessedCents));
  const excess = damageExcessCents(plan, vehicleValueCents);
  return excess === null ? assessed : Math.min(assessed, excess);
}

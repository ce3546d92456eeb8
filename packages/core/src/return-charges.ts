import { EXTRA_KM_CENTS, INCLUDED_KM_PER_RENTAL } from './pricing';

/**
 * What the return inspection charges, computed from the handover and return readings: the
 * kilometres beyond the allowance at 0.47 € each (1000 km per rental, or the car's own daily
 * limit × days for the Super Cars; none with unlimited km), the fuel or charge missing at
 * 1.50 € per percent of the tank (refuelling and the agent's time), and new damage at the amount
 * the agent assesses. Nothing is charged when nothing is due.
 */
export const REFUEL_CENTS_PER_PERCENT = 150;

/** How long the customer may contest the return charges, by replying to the return mail. */
export const CONTEST_DAYS = 14;

export interface ReturnChargesInput {
  handoverKm: number;
  returnKm: number;
  handoverFuelPercent: number;
  returnFuelPercent: number;
  days: number;
  unlimitedKm: boolean;
  dailyKmLimit: number | null;
  damageCents: number;
}

export interface ReturnCharges {
  drivenKm: number;
  allowanceKm: number | null;
  extraKm: number;
  extraKmCents: number;
  missingFuelPercent: number;
  fuelCents: number;
  damageCents: number;
  totalCents: number;
}

export function computeReturnCharges(input: ReturnChargesInput): ReturnCharges {
  const drivenKm = Math.max(0, input.returnKm - input.handoverKm);
  const allowanceKm = input.unlimitedKm
    ? null
    : input.dailyKmLimit !== null
      ? input.dailyKmLimit * input.days
      : INCLUDED_KM_PER_RENTAL;
  const extraKm = allowanceKm === null ? 0 : Math.max(0, drivenKm - allowanceKm);
  const missingFuelPercent = Math.max(0, input.handoverFuelPercent - input.returnFuelPercent);
  const extraKmCents = extraKm * EXTRA_KM_CENTS;
  const fuelCents = missingFuelPercent * REFUEL_CENTS_PER_PERCENT;
  return {
    drivenKm,
    allowanceKm,
    extraKm,
    extraKmCents,
    missingFuelPercent,
    fuelCents,
    damageCents: input.damageCents,
    totalCents: extraKmCents + fuelCents + input.damageCents,
  };
}

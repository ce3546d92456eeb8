import { describe, expect, it } from 'vitest';
import { computeReturnCharges } from './return-charges';

const base = {
  handoverKm: 10_000,
  returnKm: 10_800,
  handoverFuelPercent: 100,
  returnFuelPercent: 100,
  days: 3,
  unlimitedKm: false,
  dailyKmLimit: null,
  damageCents: 0,
};

describe('the return charges', () => {
  it('charge nothing within the 1000 km of the rental, full tank, no damage', () => {
    expect(computeReturnCharges(base).totalCents).toBe(0);
  });

  it('charge 0.47 € per kilometre beyond the allowance', () => {
    const charges = computeReturnCharges({ ...base, returnKm: 11_250 });
    expect(charges).toMatchObject({
      drivenKm: 1250,
      allowanceKm: 1000,
      extraKm: 250,
      extraKmCents: 11_750,
    });
  });

  it('use the Super Car’s daily limit, and nothing with unlimited km', () => {
    expect(computeReturnCharges({ ...base, dailyKmLimit: 200 }).extraKm).toBe(200);
    expect(computeReturnCharges({ ...base, returnKm: 15_000, unlimitedKm: true }).totalCents).toBe(
      0,
    );
  });

  it('charge the missing fuel and the assessed damage', () => {
    const charges = computeReturnCharges({ ...base, returnFuelPercent: 80, damageCents: 25_000 });
    expect(charges).toMatchObject({ missingFuelPercent: 20, fuelCents: 3000, totalCents: 28_000 });
  });
});

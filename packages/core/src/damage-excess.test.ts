import { describe, expect, it } from 'vitest';
import { chargeableDamageCents, damageExcessCents, PLAN_EXCESS } from './damage-excess';
import { formatPrice } from './money-format';
import { PROTECTION_PLANS } from './protection';
import { rentalTermsSections } from './rental-terms';
import { DEFAULT_SITE } from './site-defaults';

const ASSESSED = 10_000_000; // 100 000 € of damage

/** How the rental terms name each plan in their list. */
const TERMS_NAMES = {
  complete: 'Complète',
  intermediate: 'Intermédiaire',
  basic: 'Basique',
  none: 'Aucune',
} as const;

describe('the damage a customer may be charged', () => {
  it('is nothing with Complète and Intermédiaire, whatever the damage', () => {
    expect(chargeableDamageCents('complete', ASSESSED, 12_000_000)).toBe(0);
    expect(chargeableDamageCents('intermediate', ASSESSED, 12_000_000)).toBe(0);
  });

  it('is the assessed damage up to 2 000 € with Basique', () => {
    expect(chargeableDamageCents('basic', ASSESSED, 12_000_000)).toBe(200_000);
    expect(chargeableDamageCents('basic', 45_000, 12_000_000)).toBe(45_000);
  });

  it('is the assessed damage up to the vehicle’s value with Aucune', () => {
    expect(chargeableDamageCents('none', ASSESSED, 2_500_000)).toBe(2_500_000);
    expect(chargeableDamageCents('none', 80_000, 2_500_000)).toBe(80_000);
  });

  it('is the assessment itself with Aucune when the vehicle’s value is not recorded', () => {
    expect(damageExcessCents('none', null)).toBeNull();
    expect(chargeableDamageCents('none', ASSESSED, null)).toBe(ASSESSED);
    // Every other plan's excess is known without the value.
    expect(damageExcessCents('basic', null)).toBe(200_000);
    expect(damageExcessCents('complete', null)).toBe(0);
  });

  it('is never negative', () => {
    expect(chargeableDamageCents('none', -5, null)).toBe(0);
  });

  it('agrees with the excess the plans and the rental terms publish', () => {
    const bullets =
      rentalTermsSections(DEFAULT_SITE).find((section) => section.id === 'assurances-protections')
        ?.bullets ?? [];
    for (const plan of PROTECTION_PLANS) {
      const excess = PLAN_EXCESS[plan.id];
      const published = bullets.find((bullet) => bullet.startsWith(TERMS_NAMES[plan.id]));
      if (excess.kind === 'none') {
        expect(plan.excess).toBe('Aucune franchise');
        expect(published).toContain('sans franchise');
      } else if (excess.kind === 'fixed') {
        expect(plan.excess).toContain(formatPrice(excess.cents));
        expect(published).toContain(`franchise jusqu’à ${formatPrice(excess.cents)}`);
      } else {
        expect(plan.excess).toContain('valeur du véhicule');
        expect(published).toContain('valeur du véhicule');
      }
    }
  });
});

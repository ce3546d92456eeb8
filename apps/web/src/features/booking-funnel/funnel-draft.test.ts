// @vitest-environment node
import type { Vehicle } from '@vroum/core/vehicle';
import { dailyKmLimitFor } from '@vroum/core/vehicle-km';
import { describe, expect, it } from 'vitest';
import { vehiclePagePath, type BookingDraft } from '../../lib/booking-draft';
import { catalogueVehicle } from '../../test/vehicles';
import { checkoutDraft, funnelQuote } from './funnel-draft';

const panamera = catalogueVehicle('porsche-panamera');

const draft: BookingDraft = {
  vehicleSlug: 'porsche-panamera',
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  deliveryFeeCents: 0,
  returnAddress: '',
  returnFeeCents: 0,
  startDate: '2026-09-01T08:00:00.000Z',
  endDate: '2026-09-04T08:00:00.000Z',
  withDriver: false,
  unlimitedKm: false,
  protection: 'complete',
  options: ['baby_seat', 'booster_seat'],
};

describe('the funnel prices and state', () => {
  it('prices protection per day and the booster once', () => {
    const quote = funnelQuote(panamera, draft, 'complete', draft.options);
    // 249 × 3 + 28.87 × 3 + 16 × 3 + 10.99
    expect(quote.totalCents).toBe(74_700 + 8_661 + 4_800 + 1_099);
  });

  it('hands checkout the draft with the choices made, in cents', () => {
    expect(checkoutDraft(panamera, draft, 'complete', ['baby_seat'])).toEqual({
      ...draft,
      protection: 'complete',
      options: ['baby_seat'],
    });
  });

  it('hands checkout unlimited kilometres only where the car offers them', () => {
    const supercar = { ...panamera, category: 'Super Cars' as const, dailyKmLimit: 200 };
    expect(checkoutDraft(supercar, { ...draft, unlimitedKm: true }, 'none', []).unlimitedKm).toBe(
      false,
    );
  });

  it('neither prices nor hands checkout unlimited kilometres on a Super Car made in the console', () => {
    // Created without a daily limit: core gives the Super Car its limit.
    const supercar: Vehicle = {
      ...panamera,
      category: 'Super Cars',
      dailyKmLimit: dailyKmLimitFor('Super Cars', undefined),
    };
    const asked = { ...draft, unlimitedKm: true };
    expect(funnelQuote(supercar, asked, 'none', [])).toEqual(
      funnelQuote(supercar, { ...draft, unlimitedKm: false }, 'none', []),
    );
    expect(checkoutDraft(supercar, asked, 'none', []).unlimitedKm).toBe(false);
  });

  it('goes back to the vehicle page with the booking context', () => {
    expect(vehiclePagePath('porsche-panamera', draft)).toBe(
      '/vehicule/porsche-panamera?address=10+rue+de+Rivoli%2C+75001+Paris&start=2026-09-01T08%3A00%3A00.000Z&end=2026-09-04T08%3A00%3A00.000Z&deliveryFee=0',
    );
    expect(vehiclePagePath('porsche-panamera', { ...draft, vehicleSlug: 'audi-a4' })).toBe(
      '/vehicule/porsche-panamera',
    );
  });
});

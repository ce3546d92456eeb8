import { CATALOGUE } from '@vroum/core/catalogue';
import type { Vehicle } from '@vroum/core/vehicle';
import { describe, expect, it } from 'vitest';
import type { BookingDraft } from '../../lib/booking-draft';
import { checkFunnelDraft, checkoutState, funnelQuote, vehiclePagePath } from './funnel-draft';

const entry = CATALOGUE.find((vehicle) => vehicle.slug === 'porsche-panamera')!;
const panamera: Vehicle = {
  ...entry,
  id: '00000000-0000-4000-8000-000000000001',
  imageUrl: '/images/vehicles/porsche-panamera.svg',
  mainPhoto: null,
  isAvailable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const draft: BookingDraft = {
  vehicleId: 'porsche-panamera',
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  deliveryFee: 0,
  startDate: '2026-09-01T08:00:00.000Z',
  endDate: '2026-09-04T08:00:00.000Z',
  withDriver: false,
  unlimitedKm: false,
};

describe('checkFunnelDraft', () => {
  it('accepts a complete draft for this vehicle and defaults the options', () => {
    expect(checkFunnelDraft(draft, 'porsche-panamera', 'protection')).toMatchObject({
      selectedProtection: undefined,
      selectedOptions: [],
    });
  });

  it('refuses a missing draft, another vehicle, or a missing address or date', () => {
    expect(checkFunnelDraft(null, 'porsche-panamera', 'protection')).toBeNull();
    expect(checkFunnelDraft(draft, 'audi-a4', 'protection')).toBeNull();
    expect(
      checkFunnelDraft({ ...draft, deliveryAddress: ' ' }, 'porsche-panamera', 'protection'),
    ).toBeNull();
    expect(
      checkFunnelDraft({ ...draft, startDate: '' }, 'porsche-panamera', 'protection'),
    ).toBeNull();
    expect(
      checkFunnelDraft({ ...draft, endDate: 'demain' }, 'porsche-panamera', 'protection'),
    ).toBeNull();
  });

  it('requires a protection for the options step and drops unknown ids', () => {
    expect(checkFunnelDraft(draft, 'porsche-panamera', 'options')).toBeNull();
    const stale = {
      ...draft,
      selectedProtection: 'complete',
      selectedOptions: ['baby_seat', 'jetpack', 'baby_seat'],
    } as unknown as BookingDraft;
    expect(checkFunnelDraft(stale, 'porsche-panamera', 'options')).toMatchObject({
      selectedProtection: 'complete',
      selectedOptions: ['baby_seat'],
    });
  });
});

describe('the funnel prices and state', () => {
  const checked = checkFunnelDraft(
    { ...draft, selectedProtection: 'complete', selectedOptions: ['baby_seat', 'booster_seat'] },
    'porsche-panamera',
    'options',
  )!;

  it('prices protection per day and the booster once', () => {
    const quote = funnelQuote(panamera, checked, 'complete', checked.selectedOptions);
    // 249 × 3 + 28.87 × 3 + 16 × 3 + 10.99
    expect(quote.totalCents).toBe(74_700 + 8_661 + 4_800 + 1_099);
  });

  it('hands checkout the SPEC state, in euros', () => {
    expect(checkoutState(panamera, checked, 'complete', ['baby_seat'])).toEqual({
      vehicle: {
        id: panamera.id,
        slug: 'porsche-panamera',
        name: 'Porsche Panamera',
        pricePerDay: 249,
        deposit: 3500,
        image: '/images/vehicles/porsche-panamera.svg',
        category: 'Luxe',
      },
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      deliveryFee: 0,
      returnAddress: '',
      returnFee: 0,
      startDate: draft.startDate,
      endDate: draft.endDate,
      withDriver: false,
      unlimitedKm: false,
      selectedProtection: 'complete',
      selectedOptions: ['baby_seat'],
    });
  });

  it('goes back to the vehicle page with the booking context', () => {
    expect(vehiclePagePath('porsche-panamera', draft)).toBe(
      '/vehicule/porsche-panamera?address=10+rue+de+Rivoli%2C+75001+Paris&start=2026-09-01T08%3A00%3A00.000Z&end=2026-09-04T08%3A00%3A00.000Z&deliveryFee=0',
    );
    expect(vehiclePagePath('porsche-panamera', { ...draft, vehicleId: 'audi-a4' })).toBe(
      '/vehicule/porsche-panamera',
    );
  });
});

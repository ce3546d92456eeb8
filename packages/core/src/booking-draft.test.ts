import { describe, expect, it } from 'vitest';
import { draftFor } from './booking-draft';

const draft = {
  vehicleSlug: 'porsche-panamera',
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  deliveryFeeCents: 0,
  returnAddress: '',
  returnFeeCents: 0,
  startDate: '2026-09-01T08:00:00.000Z',
  endDate: '2026-09-04T08:00:00.000Z',
  withDriver: false,
  unlimitedKm: false,
  options: [],
};

describe('draftFor', () => {
  it('accepts a complete draft for the protection step and defaults what is not chosen yet', () => {
    const withoutOptions: Partial<typeof draft> = { ...draft };
    delete withoutOptions.options;
    const checked = draftFor(withoutOptions, 'protection');
    expect(checked?.protection).toBeUndefined();
    expect(checked?.options).toEqual([]);
  });

  it('refuses a draft without the vehicle, the address or valid dates', () => {
    expect(draftFor(null, 'protection')).toBeNull();
    expect(draftFor({ ...draft, vehicleSlug: '' }, 'protection')).toBeNull();
    expect(draftFor({ ...draft, deliveryAddress: ' ' }, 'protection')).toBeNull();
    expect(draftFor({ ...draft, startDate: '' }, 'protection')).toBeNull();
    expect(draftFor({ ...draft, endDate: 'demain' }, 'protection')).toBeNull();
  });

  it('requires the protection from the options step on and drops unknown or repeated options', () => {
    expect(draftFor(draft, 'options')).toBeNull();
    expect(draftFor(draft, 'checkout')).toBeNull();
    const stale = {
      ...draft,
      protection: 'complete',
      options: ['baby_seat', 'jetpack', 'baby_seat'],
    };
    expect(draftFor(stale, 'checkout')).toMatchObject({
      protection: 'complete',
      options: ['baby_seat'],
    });
  });

  it('does not trust a fee that is not a whole, positive number of cents', () => {
    expect(draftFor({ ...draft, deliveryFeeCents: -500 }, 'protection')?.deliveryFeeCents).toBe(0);
    expect(draftFor({ ...draft, deliveryFeeCents: 12.5 }, 'protection')?.deliveryFeeCents).toBe(0);
    expect(draftFor({ ...draft, returnFeeCents: 28_000 }, 'protection')?.returnFeeCents).toBe(0);
    expect(
      draftFor({ ...draft, returnAddress: 'Lyon', returnFeeCents: 28_000 }, 'protection')
        ?.returnFeeCents,
    ).toBe(28_000);
  });
});

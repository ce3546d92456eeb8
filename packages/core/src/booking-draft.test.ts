import { describe, expect, it } from 'vitest';
import { bookingDraftFrom, draftFor } from './booking-draft';

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

describe('bookingDraftFrom', () => {
  it('keeps the fields it knows, cleaned, and drops the others', () => {
    expect(
      bookingDraftFrom({
        ...draft,
        deliveryAddress: '  10 rue de Rivoli  ',
        protection: 'complete',
        withDriver: 'yes',
        cardNumber: '4242 4242 4242 4242',
      }),
    ).toEqual({
      ...draft,
      deliveryAddress: '10 rue de Rivoli',
      protection: 'complete',
      withDriver: false,
    });
  });

  it('reads an unknown protection or a value of another type as not chosen', () => {
    expect(bookingDraftFrom({ ...draft, protection: 'gold' })).not.toHaveProperty('protection');
    expect(bookingDraftFrom({ ...draft, options: 'baby_seat' })?.options).toEqual([]);
    expect(bookingDraftFrom({ ...draft, startDate: 20260901 })?.startDate).toBe('');
  });

  it('is no draft without its vehicle, or when it is not an object', () => {
    expect(bookingDraftFrom({ ...draft, vehicleSlug: 12 })).toBeNull();
    expect(bookingDraftFrom('porsche-panamera')).toBeNull();
    expect(bookingDraftFrom(undefined)).toBeNull();
  });
});

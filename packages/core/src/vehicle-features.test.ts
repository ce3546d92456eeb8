import { describe, expect, it } from 'vitest';
import { resolveFeatures } from './vehicle-features';

describe('resolveFeatures', () => {
  it('applies the defaults (Automatique, 5 seats, 3 luggage, 4 doors) when features are absent', () => {
    expect(resolveFeatures(null)).toEqual({
      transmission: 'Automatique',
      seats: 5,
      luggage: 3,
      doors: 4,
      unlimitedKm: true,
    });
  });

  it('keeps unlimited km unless it is explicitly false', () => {
    expect(resolveFeatures({ unlimitedKm: false }).unlimitedKm).toBe(false);
    expect(resolveFeatures({ seats: 2 }).unlimitedKm).toBe(true);
  });

  it('keeps the values that are given', () => {
    expect(resolveFeatures({ transmission: 'Manuelle', seats: 7, doors: 5, luggage: 6 })).toEqual({
      transmission: 'Manuelle',
      seats: 7,
      luggage: 6,
      doors: 5,
      unlimitedKm: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { matchesEnergy, resolveFleetCategory } from './fleet-filters';

describe('resolveFleetCategory', () => {
  it.each([
    ['standard', { tab: 'standard' }],
    ['premium', { tab: 'premium' }],
    ['luxe', { tab: 'luxe' }],
    ['supercars', { tab: 'supercars' }],
    ['suv', { tab: 'luxe', body: 'suv' }],
    ['berline', { tab: 'premium', body: 'berline' }],
    ['electrique', { tab: 'standard', energy: 'electrifie' }],
    ['economie', { tab: 'standard' }],
    ['LUXE', { tab: 'luxe' }],
  ])('reads %s', (value, expected) => {
    expect(resolveFleetCategory(value)).toEqual(expected);
  });

  it.each([null, '', 'camions'])('lists nothing for %s', (value) => {
    expect(resolveFleetCategory(value)).toBeNull();
  });
});

describe('matchesEnergy', () => {
  it('counts electric and hybrid cars as electrified', () => {
    expect(matchesEnergy('electrique', 'electrifie')).toBe(true);
    expect(matchesEnergy('hybride', 'electrifie')).toBe(true);
    expect(matchesEnergy('diesel', 'electrifie')).toBe(false);
    expect(matchesEnergy('diesel', undefined)).toBe(true);
  });
});

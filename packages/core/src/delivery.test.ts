import { describe, expect, it } from 'vitest';
import { distanceKm, PARIS_CENTRE, quoteDelivery } from './delivery';

describe('quoteDelivery', () => {
  it.each([
    ['Paris centre (75)', { departmentCode: '75', lat: 48.8566, lon: 2.3522 }, 0],
    ['Versailles (78)', { departmentCode: '78', lat: 48.8049, lon: 2.1204 }, 0],
    // Fontainebleau is 56 km away but in Seine-et-Marne: still free.
    ['Fontainebleau (77)', { departmentCode: '77', lat: 48.4047, lon: 2.7016 }, 0],
  ])('is free in Île-de-France: %s', (_name, point, fee) => {
    expect(quoteDelivery(point).feeCents).toBe(fee);
    expect(quoteDelivery(point).inIleDeFrance).toBe(true);
  });

  it.each([
    // Beauvais (60) ≈ 66 km → 3 started slices of 30 km.
    ['Beauvais (60)', { departmentCode: '60', lat: 49.4295, lon: 2.0807 }, 6000],
    // Lyon ≈ 392 km → 14 slices.
    ['Lyon (69)', { departmentCode: '69', lat: 45.764, lon: 4.8357 }, 28000],
    // Marseille ≈ 661 km → 23 slices.
    ['Marseille (13)', { departmentCode: '13', lat: 43.2965, lon: 5.3698 }, 46000],
  ])('costs 20 € per started 30 km elsewhere: %s', (_name, point, fee) => {
    expect(quoteDelivery(point).feeCents).toBe(fee);
    expect(quoteDelivery(point).inIleDeFrance).toBe(false);
  });

  it('charges one slice for a point just outside the region and a few km away', () => {
    expect(quoteDelivery({ departmentCode: '60', lat: 48.9, lon: 2.36 }).feeCents).toBe(2000);
  });

  it('charges exactly two slices at 60 km and three just past it', () => {
    // Move due north from Paris: 1 degree of latitude ≈ 111.2 km.
    const at = (km: number) => ({
      departmentCode: '60',
      lat: PARIS_CENTRE.lat + km / 111.195,
      lon: PARIS_CENTRE.lon,
    });
    expect(Math.round(distanceKm(PARIS_CENTRE, at(60)))).toBe(60);
    expect(quoteDelivery(at(59.9)).feeCents).toBe(4000);
    expect(quoteDelivery(at(60.2)).feeCents).toBe(6000);
  });
});

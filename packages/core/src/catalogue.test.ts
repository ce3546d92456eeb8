import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';

// The published tariff: daily price / deposit in euros.
const SPEC_PRICES: Record<string, [number, number]> = {
  'Toyota Yaris': [45, 800],
  'Renault Clio 5': [49, 800],
  'Peugeot 208': [52, 900],
  'Mercedes Classe C': [95, 1800],
  'BMW Série 3': [99, 1800],
  'Audi A4': [92, 1700],
  'Range Rover Sport': [199, 3000],
  'Porsche Panamera': [249, 3500],
  'Mercedes Classe S 500': [279, 4000],
  'Mercedes Classe V': [159, 2500],
  'Lamborghini Urus': [899, 8000],
  'McLaren 720S': [1299, 10000],
  'Ferrari F8 Spider': [1499, 12000],
};

describe('seeded catalogue', () => {
  it('holds the 13 published vehicles with their exact prices and deposits, in cents', () => {
    expect(CATALOGUE).toHaveLength(13);
    for (const vehicle of CATALOGUE) {
      const [price, deposit] = SPEC_PRICES[vehicle.name] ?? [];
      expect([vehicle.name, vehicle.pricePerDayCents, vehicle.depositCents]).toEqual([
        vehicle.name,
        (price ?? NaN) * 100,
        (deposit ?? NaN) * 100,
      ]);
    }
  });

  it('flags exactly the three supercars, with their kilometre limits', () => {
    const supercars = CATALOGUE.filter((vehicle) => vehicle.isSupercar);
    expect(supercars.map((vehicle) => [vehicle.name, vehicle.dailyKmLimit])).toEqual([
      ['Lamborghini Urus', 150],
      ['McLaren 720S', 200],
      ['Ferrari F8 Spider', 200],
    ]);
    expect(supercars.every((vehicle) => vehicle.category === 'Super Cars')).toBe(true);
    expect(supercars.every((vehicle) => vehicle.features.unlimitedKm === false)).toBe(true);
  });

  it('gives every vehicle a unique URL slug and a French description', () => {
    const slugs = new Set(CATALOGUE.map((vehicle) => vehicle.slug));
    expect(slugs.size).toBe(13);
    for (const vehicle of CATALOGUE) {
      expect(vehicle.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(vehicle.description.length).toBeGreaterThan(60);
    }
  });
});

// @vitest-environment node
import { CATALOGUE } from '@vroum/core/catalogue';
import type { Vehicle, VehicleCategory } from '@vroum/core/vehicle';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLEET_FILTERS,
  applyFleetView,
  countActiveFilters,
  homeFilterLabel,
  readFleetFilters,
  writeFleetFilters,
  type FleetFilters,
} from './fleet-view';

const vehicles: Vehicle[] = CATALOGUE.map((entry, index) => ({
  ...entry,
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  imageUrl: `/images/vehicles/${entry.slug}.svg`,
  mainPhoto: null,
  isAvailable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}));
const inCategory = (category: VehicleCategory) =>
  vehicles.filter((vehicle) => vehicle.category === category);
const names = (list: Vehicle[]) => list.map((vehicle) => vehicle.name);
const view = (category: VehicleCategory, filters: Partial<FleetFilters>, body?: 'suv') =>
  names(
    applyFleetView(
      inCategory(category),
      { ...DEFAULT_FLEET_FILTERS, ...filters },
      { tab: 'luxe', ...(body ? { body } : {}) },
    ),
  );

describe('readFleetFilters', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readFleetFilters(new URLSearchParams())).toEqual(DEFAULT_FLEET_FILTERS);
  });

  it('reads every filter and the sort', () => {
    const params = new URLSearchParams(
      'minPrice=100&maxPrice=300&transmission=manuelle&seats=4&sort=name-desc',
    );
    expect(readFleetFilters(params)).toEqual({
      minPrice: 100,
      maxPrice: 300,
      transmission: 'Manuelle',
      seats: 4,
      sort: 'name-desc',
    });
  });

  it('ignores unknown values and snaps prices to the slider', () => {
    const params = new URLSearchParams(
      'minPrice=-20&maxPrice=5000&transmission=robot&seats=3&sort=random',
    );
    expect(readFleetFilters(params)).toEqual(DEFAULT_FLEET_FILTERS);
    expect(readFleetFilters(new URLSearchParams('maxPrice=212')).maxPrice).toBe(200);
  });

  it('drops a price range whose minimum is not below its maximum', () => {
    const filters = readFleetFilters(new URLSearchParams('minPrice=500&maxPrice=200'));
    expect([filters.minPrice, filters.maxPrice]).toEqual([0, 2000]);
  });
});

describe('writeFleetFilters', () => {
  it('keeps the other parameters and leaves the defaults out', () => {
    const params = new URLSearchParams('category=luxe&startDate=x&sort=name-asc');
    const written = writeFleetFilters(params, { ...DEFAULT_FLEET_FILTERS, maxPrice: 200 });
    expect(written.toString()).toBe('category=luxe&startDate=x&maxPrice=200');
  });

  it('round-trips through the URL', () => {
    const filters: FleetFilters = {
      minPrice: 50,
      maxPrice: 900,
      transmission: 'Automatique',
      seats: 5,
      sort: 'price-desc',
    };
    expect(readFleetFilters(writeFleetFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('applyFleetView', () => {
  it('filters on the daily price range', () => {
    expect(view('Luxe', { maxPrice: 200 })).toEqual(['Mercedes Classe V', 'Range Rover Sport']);
    expect(view('Luxe', { minPrice: 200 })).toEqual(['Porsche Panamera', 'Mercedes Classe S 500']);
  });

  it('filters on the transmission', () => {
    expect(view('Standard', { transmission: 'Manuelle' })).toEqual(['Renault Clio 5']);
  });

  it('keeps vehicles with at least the chosen number of seats', () => {
    expect(view('Luxe', { seats: 5 })).toEqual([
      'Mercedes Classe V',
      'Range Rover Sport',
      'Mercedes Classe S 500',
    ]);
    expect(view('Super Cars', { seats: 4 })).toEqual(['Lamborghini Urus']);
  });

  it('applies the body type of a home category', () => {
    expect(view('Luxe', {}, 'suv')).toEqual(['Range Rover Sport']);
  });

  it('sorts by price and by name, in French order', () => {
    expect(view('Premium', { sort: 'price-asc' })).toEqual([
      'Audi A4',
      'Mercedes Classe C',
      'BMW Série 3',
    ]);
    expect(view('Premium', { sort: 'price-desc' })).toEqual([
      'BMW Série 3',
      'Mercedes Classe C',
      'Audi A4',
    ]);
    expect(view('Premium', { sort: 'name-asc' })).toEqual([
      'Audi A4',
      'BMW Série 3',
      'Mercedes Classe C',
    ]);
    expect(view('Premium', { sort: 'name-desc' })).toEqual([
      'Mercedes Classe C',
      'BMW Série 3',
      'Audi A4',
    ]);
  });
});

describe('countActiveFilters', () => {
  it('counts the price range once, the transmission, the seats and the home filter', () => {
    expect(countActiveFilters(DEFAULT_FLEET_FILTERS, false)).toBe(0);
    const filters = { ...DEFAULT_FLEET_FILTERS, minPrice: 50, maxPrice: 500, seats: 4 as const };
    expect(countActiveFilters(filters, true)).toBe(3);
  });
});

describe('homeFilterLabel', () => {
  it('names the filter a home category adds, and only those that add one', () => {
    expect(homeFilterLabel('suv')).toBe('SUV');
    expect(homeFilterLabel('electrique')).toBe('Électrique');
    expect(homeFilterLabel('luxe')).toBeNull();
    expect(homeFilterLabel('economie')).toBeNull();
    expect(homeFilterLabel(null)).toBeNull();
  });
});

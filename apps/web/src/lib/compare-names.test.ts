// @vitest-environment node
import { CATALOGUE } from '@vroum/core/catalogue';
import { describe, expect, it } from 'vitest';
import { compareNames } from './compare-names';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const sign = (value: number) => Math.sign(value);

const NAMES = [
  ...CATALOGUE.map((vehicle) => vehicle.name),
  'BMW Série 10',
  'BMW serie 3',
  'BMW Série 3 Touring',
  'Citroën C5 X',
  'Citroen C5',
  'Škoda Octavia',
  'Mercedes Classe E',
  'Mercedes-AMG GT',
  'Mercedes Classe S 580',
  'Mercedes Classe S 63',
  'Peugeot 3008',
  'Peugeot 308',
  'Rolls-Royce Ghost',
  'Œuvre 2',
  'Aston Martin DB12',
  'Aston Martin DB9',
];

describe('compareNames', () => {
  it('orders every pair of vehicle names as the French collator does', () => {
    for (const a of NAMES) {
      for (const b of NAMES) {
        expect(sign(compareNames(a, b)), `${a} / ${b}`).toBe(sign(collator.compare(a, b)));
      }
    }
  });

  it('puts numbers in their order and ignores accents and case', () => {
    expect(compareNames('BMW Série 3', 'BMW Série 10')).toBeLessThan(0);
    expect(compareNames('BMW Série 3', 'bmw serie 3')).toBe(0);
  });
});

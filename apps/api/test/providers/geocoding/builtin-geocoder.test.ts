import { beforeAll, describe, expect, it } from 'vitest';
import { GeocodedAddress } from '@vroum/core/address';
import { loadGazetteer, type Gazetteer } from '../../../src/providers/geocoding/builtin-gazetteer';
import {
  createBuiltinGeocoder,
  searchGazetteer,
} from '../../../src/providers/geocoding/builtin-geocoder';

let gazetteer: Gazetteer;
beforeAll(async () => {
  gazetteer = await loadGazetteer();
});

const search = (query: string, limit = 5) => searchGazetteer(gazetteer, query, limit);

describe('built-in geocoder: postcodes', () => {
  it('finds Paris for 75008, at the 8th arrondissement, in department 75', () => {
    const [first, ...others] = search('75008');
    expect(others).toEqual([]);
    expect(first).toMatchObject({ label: '75008 Paris', city: 'Paris', postcode: '75008' });
    expect(first).toMatchObject({ departmentCode: '75', kind: 'municipality' });
    expect(first?.lat).toBeCloseTo(48.87, 1);
    expect(first?.lon).toBeCloseTo(2.31, 1);
  });

  it('finds Lyon for 69001 and every commune sharing a postcode, largest first', () => {
    expect(search('69001')[0]).toMatchObject({ city: 'Lyon', departmentCode: '69' });
    expect(search('20200').map((a) => a.city)[0]).toBe('Bastia');
    expect(search('20200').every((a) => a.departmentCode === '2B')).toBe(true);
  });

  it('completes a partial postcode', () => {
    expect(search('7500').map((a) => a.postcode)).toEqual([
      '75001',
      '75002',
      '75003',
      '75004',
      '75005',
    ]);
  });
});

describe('built-in geocoder: communes', () => {
  it('finds Versailles in the Yvelines, near 48.80 N 2.13 E, from its first letters', () => {
    for (const query of ['Versailles', 'versai', 'VERSAILLES']) {
      const [first] = search(query);
      expect(first).toMatchObject({ city: 'Versailles', postcode: '78000', departmentCode: '78' });
      expect(first?.lat).toBeCloseTo(48.8, 1);
      expect(first?.lon).toBeCloseTo(2.13, 1);
    }
  });

  it('gives Corsica its 2A and 2B codes and the overseas departments their three digits', () => {
    expect(search('Ajaccio')[0]).toMatchObject({ city: 'Ajaccio', departmentCode: '2A' });
    expect(search('Bastia')[0]).toMatchObject({ city: 'Bastia', departmentCode: '2B' });
    expect(search('Fort-de-France')[0]).toMatchObject({ departmentCode: '972' });
    expect(search('97400')[0]).toMatchObject({ city: 'Saint-Denis', departmentCode: '974' });
  });

  it('puts Marseille itself before its arrondissements and tiny namesakes', () => {
    const results = search('Marseille');
    expect(results[0]).toMatchObject({ id: '13055', label: 'Marseille', postcode: null });
    expect(results[0]?.lat).toBeCloseTo(43.3, 1);
    expect(results.every((a) => a.departmentCode === '13')).toBe(true);
  });

  it('reads St and Ste as Saint and Sainte, with or without hyphens and accents', () => {
    const ids = (query: string) => search(query).map((a) => a.id);
    expect(ids('St-Denis')).toEqual(ids('saint denis'));
    expect(search('st etienne')[0]?.city).toBe('Saint-Étienne');
    expect(search('saint-e')[0]?.city).toBe('Saint-Étienne');
    expect(search('Ste Maxime')[0]?.city).toBe('Sainte-Maxime');
  });

  it('narrows a name with a postcode', () => {
    expect(search('Saint-Denis 93200').map((a) => a.departmentCode)).toEqual(['93']);
    expect(search('Paris 75016')).toEqual([
      expect.objectContaining({ label: '75016 Paris', postcode: '75016' }),
    ]);
    expect(search('78000 Versailles')[0]?.city).toBe('Versailles');
  });

  it('finds a commune from a word inside its name', () => {
    expect(search('etienne du rouvray')[0]?.city).toBe('Saint-Étienne-du-Rouvray');
  });

  it('locates villages that GeoNames does not list near their neighbours', () => {
    // Aiglun (04) has 60-odd inhabitants: its point comes from its postcode or intercommunality.
    const [aiglun] = search('Aiglun 04510');
    expect(aiglun).toMatchObject({ city: 'Aiglun', departmentCode: '04' });
    expect(aiglun?.lat).toBeCloseTo(44.06, 0);
    expect(aiglun?.lon).toBeCloseTo(6.13, 0);
  });
});

describe('built-in geocoder: street addresses', () => {
  it('echoes the typed street in the commune found, then offers the commune', () => {
    const [street, commune] = search('10 rue de Rivoli, Paris');
    expect(street).toMatchObject({ label: '10 rue de Rivoli, Paris', kind: 'address' });
    expect(street).toMatchObject({ city: 'Paris', departmentCode: '75' });
    expect(street?.label.startsWith('10 rue de Rivoli')).toBe(true);
    expect(commune).toMatchObject({ id: '75056', label: 'Paris', kind: 'municipality' });
    expect([street?.lat, street?.lon]).toEqual([commune?.lat, commune?.lon]);
  });

  it('uses the postcode to place the street in its arrondissement', () => {
    for (const query of ['12 avenue Foch 75016 Paris', '12 avenue Foch, Paris 75016']) {
      const [street] = search(query);
      expect(street).toMatchObject({
        label: '12 avenue Foch, 75016 Paris',
        postcode: '75016',
        city: 'Paris',
        kind: 'address',
      });
    }
  });

  it('finds the commune at the end without a comma, and says street when there is no number', () => {
    expect(search('3 place Bellecour Lyon')[0]).toMatchObject({
      label: '3 place Bellecour, Lyon',
      kind: 'address',
    });
    expect(search('Place de la Concorde, Paris')[0]).toMatchObject({ kind: 'street' });
    expect(search('5 allée des Tilleuls, Versailles')[0]).toMatchObject({
      label: '5 allée des Tilleuls, 78000 Versailles',
      postcode: '78000',
    });
  });

  it('does not take a commune named like a street word for a street', () => {
    expect(search('Rue')[0]).toMatchObject({ city: 'Rue', departmentCode: '80' });
    expect(search('Rue 80120')[0]).toMatchObject({ city: 'Rue', kind: 'municipality' });
  });

  it('finds the same place again from the label of any suggestion', () => {
    const queries = ['75008', 'Versailles', 'Paris', '12 avenue Foch 75016 Paris', 'Ajaccio'];
    for (const suggestion of queries.flatMap((query) => search(query))) {
      expect(search(suggestion.label, 1)[0]?.id, suggestion.label).toBe(suggestion.id);
    }
  });
});

describe('built-in geocoder: the port', () => {
  it('respects the limit and answers gibberish with nothing', async () => {
    const geocoder = createBuiltinGeocoder();
    expect(geocoder.name).toBe('builtin');
    expect(await geocoder.search('saint', { limit: 3 })).toHaveLength(3);
    expect(await geocoder.search('saint', { limit: 1 })).toHaveLength(1);
    expect(await geocoder.search('10 rue de Rivoli, Paris', { limit: 1 })).toHaveLength(1);
    expect(await geocoder.search('xqzwvk', { limit: 5 })).toEqual([]);
    expect(await geocoder.search('   ', { limit: 5 })).toEqual([]);
  });

  it('returns only results that match the wire schema', async () => {
    const geocoder = createBuiltinGeocoder();
    const queries = ['Paris', '75008', 'sai', '10 rue de Rivoli, Paris', 'Nouméa'];
    for (const query of queries) {
      for (const result of await geocoder.search(query, { limit: 5 })) {
        expect(GeocodedAddress.safeParse(result).success).toBe(true);
      }
    }
  });
});

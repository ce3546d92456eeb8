import { afterEach, describe, expect, it } from 'vitest';
import { createGeocoder, withFailSafe } from '../../../src/providers/geocoding/create-geocoder';
import { createIgnGeocoder } from '../../../src/providers/geocoding/ign-geocoder';
import { createRecordingLog, type FakeServer, sendJson, startFakeServer } from './provider-doubles';

/** Features as the Géoplateforme returns them: [lon, lat], Lambert-93 x/y. */
const RIVOLI = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [2.3601, 48.856372] },
  properties: {
    label: '10 Rue de Rivoli 75004 Paris',
    score: 0.9732,
    housenumber: '10',
    id: '75104_8249_00010',
    banId: '1b7c5e7c-4b3c-4c4b-9b6e-0b1f2a3c4d5e',
    name: '10 Rue de Rivoli',
    postcode: '75004',
    citycode: '75104',
    x: 652734.77,
    y: 6862147.24,
    city: 'Paris',
    district: 'Paris 4e Arrondissement',
    context: '75, Paris, Île-de-France',
    type: 'housenumber',
    importance: 0.7052,
    street: 'Rue de Rivoli',
    _type: 'address',
  },
};
const AJACCIO = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [8.7376, 41.9192] },
  properties: {
    label: 'Ajaccio',
    score: 0.9561,
    id: '2A004',
    name: 'Ajaccio',
    postcode: '20000',
    citycode: '2A004',
    x: 1177630.58,
    y: 6105370.15,
    city: 'Ajaccio',
    context: '2A, Corse-du-Sud, Corse',
    type: 'municipality',
    importance: 0.6153,
    _type: 'address',
  },
};
// No context, as on some old records: the department comes from the INSEE code.
const BASTIA_STREET = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [9.4496, 42.6976] },
  properties: {
    label: 'Boulevard Paoli 20200 Bastia',
    score: 0.81,
    id: '2B033_0770',
    name: 'Boulevard Paoli',
    postcode: '20200',
    citycode: '2B033',
    city: 'Bastia',
    type: 'street',
    importance: 0.55,
    _type: 'address',
  },
};
const SAINT_DENIS_LIEU_DIT = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [55.4481, -20.8789] },
  properties: {
    label: 'Le Barachois 97400 Saint-Denis',
    score: 0.72,
    id: '97411_b123',
    name: 'Le Barachois',
    postcode: '97400',
    citycode: '97411',
    city: 'Saint-Denis',
    context: '974, La Réunion',
    type: 'locality',
    importance: 0.5,
    _type: 'address',
  },
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('IGN Géoplateforme adapter', () => {
  it('asks /search with q, limit and autocomplete, and maps features with [lon, lat] order', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, {
        type: 'FeatureCollection',
        features: [RIVOLI, AJACCIO, BASTIA_STREET, SAINT_DENIS_LIEU_DIT],
      }),
    );
    const geocoder = createIgnGeocoder({ baseUrl: `${server.url}/geocodage` });

    const results = await geocoder.search('10 rue de Rivoli Paris', { limit: 5 });

    const [request] = server.requests;
    expect(request?.pathname).toBe('/geocodage/search');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      q: '10 rue de Rivoli Paris',
      limit: '5',
      autocomplete: '1',
    });
    expect(results).toEqual([
      {
        id: '75104_8249_00010',
        label: '10 Rue de Rivoli 75004 Paris',
        postcode: '75004',
        city: 'Paris',
        departmentCode: '75',
        lat: 48.856372,
        lon: 2.3601,
        kind: 'address',
      },
      expect.objectContaining({ id: '2A004', departmentCode: '2A', kind: 'municipality' }),
      expect.objectContaining({ city: 'Bastia', departmentCode: '2B', kind: 'street' }),
      expect.objectContaining({ departmentCode: '974', kind: 'street', lat: -20.8789 }),
    ]);
  });

  it('answers "no match" (200 with no features) with an empty list', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, { type: 'FeatureCollection', features: [] }),
    );
    const geocoder = createIgnGeocoder({ baseUrl: server.url });
    expect(await geocoder.search('xqzwvk', { limit: 5 })).toEqual([]);
  });

  it('never sends a query IGN would refuse (under 3 characters once leading symbols go)', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, { type: 'FeatureCollection', features: [RIVOLI] }),
    );
    const geocoder = createIgnGeocoder({ baseUrl: server.url });

    expect(await geocoder.search('ab', { limit: 5 })).toEqual([]);
    expect(await geocoder.search('  -- 7', { limit: 5 })).toEqual([]);
    await geocoder.search('"Rivoli', { limit: 5 });

    expect(server.requests.map((url) => url.searchParams.get('q'))).toEqual(['Rivoli']);
  });
});

describe('IGN behind the fail-safe wrapper', () => {
  it('turns a 400 into an empty list and a warning naming the provider and the reason', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 400, {
        code: 400,
        message: 'Failed parsing query',
        detail: ['q: must contain between 3 and 200 chars and start with a number or a letter'],
      }),
    );
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder({ provider: 'ign', baseUrl: server.url }, log);

    expect(await geocoder.search('___ abc', { limit: 5 })).toEqual([]);

    expect(entries).toEqual([
      {
        level: 'warn',
        message: 'geocoding failed',
        data: {
          provider: 'ign',
          reason: expect.stringContaining('ign answered 400: Failed parsing query (q: must'),
        },
      },
    ]);
  });

  it('turns a 429 rate limit into an empty list', async () => {
    server = await startFakeServer((_request, response) => {
      response.setHeader('retry-after', '5');
      sendJson(response, 429, { code: 429, message: 'Too Many Requests' });
    });
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder({ provider: 'ign', baseUrl: server.url }, log);
    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);
    expect(entries[0]?.data).toMatchObject({ reason: expect.stringContaining('429') });
  });

  it('turns a malformed body into an empty list', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, '{"type":"FeatureCollection","features":[{'),
    );
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder({ provider: 'ign', baseUrl: server.url }, log);
    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);
    expect(entries[0]?.data).toMatchObject({
      provider: 'ign',
      reason: expect.stringMatching(/SyntaxError/),
    });
  });

  it('gives up after the timeout with an empty list', async () => {
    // The server never answers; the wrapper's 3 s timeout is shortened to keep the test quick.
    server = await startFakeServer(() => undefined);
    const { log, entries } = createRecordingLog();
    const geocoder = withFailSafe(createIgnGeocoder({ baseUrl: server.url }), log, 200);

    const started = performance.now();
    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);

    expect(performance.now() - started).toBeLessThan(2000);
    expect(entries[0]?.data).toMatchObject({
      provider: 'ign',
      reason: expect.stringMatching(/TimeoutError/),
    });
  });

  it('drops results that break the wire schema and keeps the rest, within the limit', async () => {
    const outOfRange = { ...AJACCIO, geometry: { type: 'Point', coordinates: [8.73, 141.9] } };
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, {
        type: 'FeatureCollection',
        features: [outOfRange, RIVOLI, AJACCIO, BASTIA_STREET],
      }),
    );
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder({ provider: 'ign', baseUrl: server.url }, log);

    const results = await geocoder.search('Paris', { limit: 2 });

    expect(results.map((result) => result.id)).toEqual(['75104_8249_00010', '2A004']);
    expect(entries[0]).toMatchObject({ level: 'warn', data: { provider: 'ign', dropped: 1 } });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createGeocoder, withFailSafe } from '../../../src/providers/geocoding/create-geocoder';
import { createMapboxGeocoder } from '../../../src/providers/geocoding/mapbox-geocoder';
import { createRecordingLog, type FakeServer, sendJson, startFakeServer } from './provider-doubles';

const TOKEN = 'pk.eyJ1IjoidnJvdW0tdGVzdCJ9.c2VjcmV0LXRva2Vu';

const country = {
  id: 'country.8998',
  mapbox_id: 'dXJuOm1ieHBsYzpJeVk',
  wikidata: 'Q142',
  short_code: 'fr',
  text: 'France',
};

/** Features as Mapbox Geocoding v5 returns them: center is [lng, lat]. */
const RIVOLI = {
  id: 'address.4356035406756260',
  type: 'Feature',
  place_type: ['address'],
  relevance: 1,
  properties: { accuracy: 'rooftop', mapbox_id: 'dXJuOm1ieGFkcjpmMzQ' },
  text: 'Rue de Rivoli',
  place_name: '10 Rue de Rivoli, 75004 Paris, France',
  address: '10',
  center: [2.357919, 48.856193],
  geometry: { type: 'Point', coordinates: [2.357919, 48.856193] },
  context: [
    { id: 'postcode.5785587434513610', mapbox_id: 'dXJuOm1ieHBsYzpBYnJP', text: '75004' },
    {
      id: 'locality.1237052139049850',
      mapbox_id: 'dXJuOm1ieHBsYzpFU1E',
      wikidata: 'Q191149',
      text: '4e Arrondissement de Paris',
    },
    { id: 'place.11561734', mapbox_id: 'dXJuOm1ieHBsYzpzQlU', wikidata: 'Q90', text: 'Paris' },
    {
      id: 'region.116446',
      mapbox_id: 'dXJuOm1ieHBsYzpBY1E',
      wikidata: 'Q90',
      short_code: 'FR-75',
      text: 'Paris',
    },
    country,
  ],
};
const VERSAILLES = {
  id: 'place.9451602',
  type: 'Feature',
  place_type: ['place'],
  relevance: 1,
  properties: { mapbox_id: 'dXJuOm1ieHBsYzpsUUk', wikidata: 'Q621' },
  text: 'Versailles',
  place_name: 'Versailles, Yvelines, France',
  bbox: [2.069892, 48.775502, 2.168433, 48.828626],
  center: [2.1301, 48.8048],
  geometry: { type: 'Point', coordinates: [2.1301, 48.8048] },
  context: [
    { id: 'postcode.7423460329446200', mapbox_id: 'dXJuOm1ieHBsYzpBY0k', text: '78000' },
    {
      id: 'region.108614',
      mapbox_id: 'dXJuOm1ieHBsYzpBYVk',
      wikidata: 'Q12820',
      short_code: 'FR-78',
      text: 'Yvelines',
    },
    country,
  ],
};
// A postcode result whose region has no short_code: the department comes from the postcode.
const AJACCIO_POSTCODE = {
  id: 'postcode.3216497213245020',
  type: 'Feature',
  place_type: ['postcode'],
  relevance: 1,
  properties: { mapbox_id: 'dXJuOm1ieHBsYzpBZTQ' },
  text: '20090',
  place_name: '20090, Ajaccio, Corse-du-Sud, France',
  center: [8.7762, 41.9305],
  geometry: { type: 'Point', coordinates: [8.7762, 41.9305] },
  context: [
    { id: 'place.3457281', mapbox_id: 'dXJuOm1ieHBsYzpOSUU', text: 'Ajaccio' },
    { id: 'region.9481', mapbox_id: 'dXJuOm1ieHBsYzpKVWs', text: 'Corse-du-Sud' },
    country,
  ],
};
// An address result without a house number is a street.
const FOCH_STREET = {
  id: 'address.7788996655',
  type: 'Feature',
  place_type: ['address'],
  relevance: 0.9,
  properties: { accuracy: 'street', mapbox_id: 'dXJuOm1ieGFkcjpGT0NI' },
  text: 'Avenue Foch',
  place_name: 'Avenue Foch, 75116 Paris, France',
  center: [2.2847, 48.8718],
  geometry: { type: 'Point', coordinates: [2.2847, 48.8718] },
  context: [
    { id: 'postcode.1', mapbox_id: 'x', text: '75116' },
    { id: 'place.11561734', mapbox_id: 'dXJuOm1ieHBsYzpzQlU', text: 'Paris' },
    { id: 'region.116446', mapbox_id: 'dXJuOm1ieHBsYzpBY1E', short_code: 'FR-75', text: 'Paris' },
    country,
  ],
};

function featureCollection(query: string[], features: unknown[]) {
  return {
    type: 'FeatureCollection',
    query,
    features,
    attribution:
      'NOTICE: © 2026 Mapbox and its suppliers. All rights reserved. Use of this data is subject to the Mapbox Terms of Service (https://www.mapbox.com/about/maps/). This response and the information it contains may not be retained.',
  };
}

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Mapbox Geocoding v5 adapter', () => {
  it('sends the documented request: France, address/place/postcode, French, limit 5, the token', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, featureCollection(['10', 'rue', 'de', 'rivoli'], [RIVOLI])),
    );
    const geocoder = createMapboxGeocoder({ baseUrl: server.url, accessToken: TOKEN });

    await geocoder.search('10 rue de Rivoli, Paris', { limit: 5 });

    const [request] = server.requests;
    expect(request?.pathname).toBe(
      '/geocoding/v5/mapbox.places/10%20rue%20de%20Rivoli%2C%20Paris.json',
    );
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      access_token: TOKEN,
      country: 'fr',
      types: 'address,place,postcode',
      language: 'fr',
      limit: '5',
    });
  });

  it('maps place_name, id, [lng, lat] center and the department from the region code', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(
        response,
        200,
        featureCollection(['paris'], [RIVOLI, VERSAILLES, AJACCIO_POSTCODE, FOCH_STREET]),
      ),
    );
    const geocoder = createMapboxGeocoder({ baseUrl: server.url, accessToken: TOKEN });

    const results = await geocoder.search('paris', { limit: 5 });

    expect(results).toEqual([
      {
        id: 'address.4356035406756260',
        label: '10 Rue de Rivoli, 75004 Paris, France',
        postcode: '75004',
        city: 'Paris',
        departmentCode: '75',
        lat: 48.856193,
        lon: 2.357919,
        kind: 'address',
      },
      {
        id: 'place.9451602',
        label: 'Versailles, Yvelines, France',
        postcode: '78000',
        city: 'Versailles',
        departmentCode: '78',
        lat: 48.8048,
        lon: 2.1301,
        kind: 'municipality',
      },
      expect.objectContaining({
        postcode: '20090',
        city: 'Ajaccio',
        departmentCode: '2A',
        kind: 'postcode',
      }),
      expect.objectContaining({ postcode: '75116', departmentCode: '75', kind: 'street' }),
    ]);
  });
});

describe('Mapbox behind the fail-safe wrapper', () => {
  it('turns a 401 into an empty list and a warning that does not contain the token', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 401, { message: 'Not Authorized - Invalid Token' }),
    );
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder(
      { provider: 'mapbox', baseUrl: server.url, accessToken: TOKEN },
      log,
    );

    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);

    expect(entries).toEqual([
      {
        level: 'warn',
        message: 'geocoding failed',
        data: {
          provider: 'mapbox',
          reason: 'GeocoderHttpError: mapbox answered 401: Not Authorized - Invalid Token',
        },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it('turns a network failure into an empty list, without the URL (and its token) in the log', async () => {
    server = await startFakeServer((_request, response) => response.socket?.destroy());
    const { log, entries } = createRecordingLog();
    const geocoder = createGeocoder(
      { provider: 'mapbox', baseUrl: server.url, accessToken: TOKEN },
      log,
    );

    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);

    expect(entries[0]).toMatchObject({ level: 'warn', data: { provider: 'mapbox' } });
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it('turns a malformed body into an empty list', async () => {
    server = await startFakeServer((_request, response) =>
      sendJson(response, 200, '<html>Bad gateway</html>'),
    );
    const { log } = createRecordingLog();
    const geocoder = createGeocoder(
      { provider: 'mapbox', baseUrl: server.url, accessToken: TOKEN },
      log,
    );
    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);
  });

  it('gives up after the timeout with an empty list', async () => {
    server = await startFakeServer(() => undefined);
    const { log, entries } = createRecordingLog();
    const adapter = createMapboxGeocoder({ baseUrl: server.url, accessToken: TOKEN });
    const geocoder = withFailSafe(adapter, log, 200);

    expect(await geocoder.search('Versailles', { limit: 5 })).toEqual([]);

    expect(entries[0]?.data).toMatchObject({ reason: expect.stringMatching(/TimeoutError/) });
  });

  it('stops when the caller aborts, before the timeout', async () => {
    server = await startFakeServer(() => undefined);
    const { log } = createRecordingLog();
    const adapter = createMapboxGeocoder({ baseUrl: server.url, accessToken: TOKEN });
    const geocoder = withFailSafe(adapter, log);

    const started = performance.now();
    const search = geocoder.search('Versailles', { limit: 5, signal: AbortSignal.timeout(100) });

    expect(await search).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

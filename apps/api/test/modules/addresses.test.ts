import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryFeeQuote, GeocodedAddress } from '@vroum/core/address';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { loadGazetteer } from '../../src/providers/geocoding/builtin-gazetteer';
import { createTestApp, type TestContext } from '../helpers/test-app';
import {
  type FakeServer,
  sendJson,
  startFakeServer,
} from '../providers/geocoding/provider-doubles';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Load the built-in gazetteer now (about a second) rather than inside the first request's
  // 3 s geocoding timeout, which a busy test machine could exceed.
  await loadGazetteer();
});
afterAll(() => ctx.close());

const NOT_FOUND = {
  error: {
    code: 'address_not_found',
    message: 'Adresse introuvable. Choisissez une adresse dans la liste des suggestions.',
    field: 'address',
  },
};

describe('GET /api/v1/addresses', () => {
  it('suggests at most 5 French places for the text', async () => {
    const response = await ctx.app.inject('/api/v1/addresses?q=versai');
    expect(response.statusCode).toBe(200);
    const { suggestions } = response.json<{ suggestions: GeocodedAddress[] }>();
    expect(suggestions[0]).toMatchObject({ label: '78000 Versailles', departmentCode: '78' });

    const many = await ctx.app.inject('/api/v1/addresses?q=saint');
    expect(many.json<{ suggestions: unknown[] }>().suggestions).toHaveLength(5);
  });

  it('offers the typed street first for a street address', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/addresses',
      query: { q: '12 avenue Foch 75016 Paris' },
    });
    const { suggestions } = response.json<{ suggestions: GeocodedAddress[] }>();
    expect(suggestions[0]).toMatchObject({ label: '12 avenue Foch, 75016 Paris', kind: 'address' });
  });

  it('answers text that matches nothing with an empty list', async () => {
    const response = await ctx.app.inject('/api/v1/addresses?q=xqzwvk');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ suggestions: [] });
  });

  it('refuses fewer than 3 characters with the French message of the schema', async () => {
    for (const url of [
      '/api/v1/addresses?q=Pa',
      '/api/v1/addresses?q=%20%20Pa%20',
      '/api/v1/addresses',
    ]) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { code: string; field: string } }>().error).toMatchObject({
        code: 'invalid_request',
        field: 'q',
      });
    }
    const short = await ctx.app.inject('/api/v1/addresses?q=Pa');
    expect(short.json<{ error: { message: string } }>().error.message).toBe(
      'La recherche doit contenir au moins 3 caractères.',
    );
  });
});

describe('GET /api/v1/delivery-fee', () => {
  const quote = async (address: string, extra: Record<string, string> = {}) => {
    const response = await ctx.app.inject({
      url: '/api/v1/delivery-fee',
      query: { address, ...extra },
    });
    return { status: response.statusCode, body: response.json<DeliveryFeeQuote>() };
  };

  it('charges 20 € per started 30 km from Paris outside Île-de-France: Lyon is 280 €', async () => {
    const { status, body } = await quote('Lyon');
    expect(status).toBe(200);
    expect(body).toMatchObject({ feeCents: 28000, inIleDeFrance: false });
    expect(body.address).toMatchObject({ city: 'Lyon', departmentCode: '69' });
    expect(body.distanceKm).toBeGreaterThan(380);
    expect(body.distanceKm).toBeLessThan(400);
  });

  it('delivers free in Île-de-France', async () => {
    for (const address of ['Paris', '10 rue de Rivoli, Paris', '78000 Versailles', '93200']) {
      const { body } = await quote(address);
      expect(body, address).toMatchObject({ feeCents: 0, inIleDeFrance: true });
    }
  });

  it('recomputes the fee whatever the browser sends', async () => {
    const { body } = await quote('Lyon', { feeCents: '0', deliveryFee: '0' });
    expect(body.feeCents).toBe(28000);
  });

  it('answers 422 address_not_found when nothing matches', async () => {
    const response = await ctx.app.inject('/api/v1/delivery-fee?address=xqzwvk');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('refuses a missing or too short address with a 400', async () => {
    const response = await ctx.app.inject('/api/v1/delivery-fee?address=ab');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { field: string } }>().error.field).toBe('address');
  });
});

describe('API documentation', () => {
  it('documents both endpoints', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    const { paths } = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/addresses', '/api/v1/delivery-fee']),
    );
  });
});

describe('with GEOCODER=ign', () => {
  let ign: FakeServer;
  let app: FastifyInstance;
  let answer: 'ok' | 'down' = 'ok';
  beforeAll(async () => {
    ign = await startFakeServer((_request, response) => {
      if (answer === 'down') return sendJson(response, 503, { code: 503, message: 'Down' });
      sendJson(response, 200, {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [4.8320114, 45.7578137] },
            properties: {
              label: 'Place Bellecour 69002 Lyon',
              score: 0.96,
              id: '69382_0660',
              name: 'Place Bellecour',
              postcode: '69002',
              citycode: '69382',
              city: 'Lyon',
              district: 'Lyon 2e Arrondissement',
              context: '69, Rhône, Auvergne-Rhône-Alpes',
              type: 'street',
              importance: 0.74,
              _type: 'address',
            },
          },
        ],
      });
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      GEOCODER: 'ign',
      IGN_GEOCODER_URL: `${ign.url}/geocodage`,
    });
    app = await buildApp({ config, db: ctx.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ign.close();
  });

  it('suggests what the IGN service answers and quotes its first result', async () => {
    answer = 'ok';
    const suggestions = await app.inject('/api/v1/addresses?q=place%20bellecour');
    expect(suggestions.json()).toEqual({
      suggestions: [
        {
          id: '69382_0660',
          label: 'Place Bellecour 69002 Lyon',
          postcode: '69002',
          city: 'Lyon',
          departmentCode: '69',
          lat: 45.7578137,
          lon: 4.8320114,
          kind: 'street',
        },
      ],
    });
    const fee = await app.inject('/api/v1/delivery-fee?address=Place%20Bellecour%2069002%20Lyon');
    expect(fee.json()).toMatchObject({ feeCents: 28000, address: { id: '69382_0660' } });
    expect(ign.requests.at(-1)?.searchParams.get('limit')).toBe('1');
  });

  it('answers an empty list, then 422, while the service is down', async () => {
    answer = 'down';
    const suggestions = await app.inject('/api/v1/addresses?q=place%20bellecour');
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json()).toEqual({ suggestions: [] });
    const fee = await app.inject('/api/v1/delivery-fee?address=Place%20Bellecour');
    expect(fee.statusCode).toBe(422);
    expect(fee.json()).toEqual(NOT_FOUND);
  });
});

describe('with an injected geocoder', () => {
  it('uses the geocoder given to buildApp', async () => {
    const calls: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      geocoder: {
        name: 'stub',
        async search(query) {
          calls.push(query);
          return [];
        },
      },
    });
    const response = await app.inject('/api/v1/addresses?q=%20Versailles%20');
    await app.close();
    expect(response.json()).toEqual({ suggestions: [] });
    expect(calls).toEqual(['Versailles']);
  });
});

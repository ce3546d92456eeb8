import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rateLimit from '@fastify/rate-limit';
import { createMemoryCounter, type RateLimitStore } from '../../../src/plugins/rate-limits';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** One counter both instances share, as Redis is for every instance of the site. */
function sharedStore(): RateLimitStore {
  return {
    kind: 'memory',
    authCounter: createMemoryCounter(),
    async register(app) {
      await app.register(rateLimit, { global: false });
    },
    close: async () => {},
  };
}

let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  const store = sharedStore();
  first = await createTestApp({ AUTH_RATE_LIMIT: 'true' }, { rateLimitStore: store });
  second = await createTestApp({ AUTH_RATE_LIMIT: 'true' }, { rateLimitStore: store });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const ask = (ctx: TestContext, email: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress,
    headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
  });

describe('password recovery limits', () => {
  it('limits the requests for one address across instances, whoever asks', async () => {
    const email = 'cible@example.fr';
    const statuses = [
      (await ask(first, email, '203.0.113.1')).statusCode,
      (await ask(second, email, '203.0.113.2')).statusCode,
      (await ask(first, email, '203.0.113.3')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await ask(second, email, '203.0.113.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
    );
    // Another address is still served: the limit is the address's, not the site's.
    expect((await ask(second, 'autre@example.fr', '203.0.113.5')).statusCode).toBe(200);
  });

  it('limits the requests from one network address across instances', async () => {
    const from = '198.51.100.7';
    const statuses = [
      (await ask(first, 'a@example.fr', from)).statusCode,
      (await ask(second, 'b@example.fr', from)).statusCode,
      (await ask(first, 'c@example.fr', from)).statusCode,
      (await ask(second, 'd@example.fr', from)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

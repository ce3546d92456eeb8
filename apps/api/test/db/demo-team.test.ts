import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEMO_AGENT_EMAIL, DEMO_CUSTOMER_EMAIL, seedDemoTeam } from '../../src/db/seed';
import { prepareDatabase } from '../../src/db/setup';
import { signIn } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

const PASSWORD = 'Demo-Team-2026';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });

describe('the demo’s agent and customer', () => {
  it('are created once, with the password given; a second start leaves them as they are', async () => {
    const first = await seedDemoTeam(ctx.db, PASSWORD);
    expect(first).toEqual({
      agent: { email: DEMO_AGENT_EMAIL, password: PASSWORD },
      customer: { email: DEMO_CUSTOMER_EMAIL, password: PASSWORD },
    });
    const second = await seedDemoTeam(ctx.db, 'Another-Password-1');
    expect(second.agent.password).toBeNull();
    expect(second.customer.password).toBeNull();
    const { rows } = await ctx.db.query<{ count: number }>(
      'select count(*)::int as count from users where email = any($1)',
      [[DEMO_AGENT_EMAIL, DEMO_CUSTOMER_EMAIL]],
    );
    expect(rows[0]?.count).toBe(2);
  });

  it('the agent signs in and sees the missions; the customer signs in to a profile of their own and cannot', async () => {
    const agent = await signIn(ctx, DEMO_AGENT_EMAIL, PASSWORD);
    expect((await get('/api/v1/agent/missions', agent)).statusCode).toBe(200);

    const customer = await signIn(ctx, DEMO_CUSTOMER_EMAIL, PASSWORD);
    expect((await get('/api/v1/agent/missions', customer)).statusCode).toBe(403);
    const profile = await get('/api/v1/me/profile', customer);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: DEMO_CUSTOMER_EMAIL,
      firstName: 'Claire',
      lastName: 'Dubois',
    });
  });
});

describe('a start', () => {
  // Two whole starts on a new embedded database each (migrations, the catalogue's seed, the
  // accounts): 12 s alone on a 2-core machine, over 30 s beside the two-instance suite in CI.
  it('seeds the demo’s agent and customer in demo mode only', { timeout: 90_000 }, async () => {
    for (const demo of [true, false]) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        ADMIN_PASSWORD: PASSWORD,
        DEMO_MODE: String(demo),
      });
      const { db, demoTeam } = await prepareDatabase(config);
      try {
        const { rows } = await db.query<{ count: number }>(
          'select count(*)::int as count from users where email = any($1)',
          [[DEMO_AGENT_EMAIL, DEMO_CUSTOMER_EMAIL]],
        );
        expect(rows[0]?.count).toBe(demo ? 2 : 0);
        expect(demoTeam?.agent.password ?? null).toBe(demo ? PASSWORD : null);
      } finally {
        await db.close();
      }
    }
  });
});

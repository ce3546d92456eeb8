import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestContext } from '../helpers/test-app';

const configWith = (trustProxy: string, env: 'test' | 'production' = 'test') =>
  loadConfig({
    NODE_ENV: env,
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    TRUST_PROXY: trustProxy,
  }).trustProxy;

describe('TRUST_PROXY', () => {
  it('names the load balancer’s addresses and networks', () => {
    expect(configWith('10.0.0.0/8, 127.0.0.1,fd00::/8 ,::1')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      '::1',
    ]);
    expect(configWith('loopback')).toEqual(['loopback']);
  });

  it('trusts no proxy by default', () => {
    expect(configWith('')).toBe(false);
    expect(configWith('false')).toBe(false);
  });

  it('refuses true, which would believe any client that reaches an instance directly', () => {
    for (const env of ['test', 'production'] as const) {
      expect(() => configWith('true', env)).toThrow(
        /TRUST_PROXY: list the addresses or networks of the load balancer/,
      );
    }
  });

  it('refuses what is not an address or a network, and a network of every address', () => {
    for (const value of ['10.0.0.0/33', 'lb.internal', '2', '0.0.0.0/0', '::/0', '10.0.0.1,']) {
      expect(() => configWith(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address behind a trusted load balancer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => ctx.close());

  /** A booking look-up (10 a minute per address) from `remoteAddress`, claiming `forwardedFor`. */
  const lookUp = (remoteAddress: string, forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/lookup',
      remoteAddress,
      headers: { origin: ctx.config.site.publicUrl, 'x-forwarded-for': forwardedFor },
      payload: { bookingNumber: '0badc0de', email: 'personne@example.fr' },
    });

  it('is the connection’s when a client reaches the instance directly, whatever it claims', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await lookUp('203.0.113.9', `198.51.100.${attempt}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
  });

  it('is the one the load balancer forwards, each client counted apart', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await lookUp('10.1.2.3', `192.0.2.${attempt}`)).statusCode);
    }
    expect(statuses).toEqual(Array<number>(12).fill(404));
    // A claim the client itself added in front of the balancer's is not believed either.
    const forged: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      forged.push((await lookUp('10.1.2.3', `198.51.100.${attempt}, 192.0.2.200`)).statusCode);
    }
    expect(forged).toEqual([...Array<number>(10).fill(404), 429, 429]);
  });
});

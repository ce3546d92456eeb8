// The promise that the API is stateless, checked on the real layout: two instances from the
// build behind nginx, on one PostgreSQL database, with the rate limits counted in Redis.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../apps/api/src/db/seed-second-factor';
import { totpCode } from '../../e2e/support/totp';
import { createEmptyServerDatabase, type EmptyServerDatabase } from '../bench/data';
import { freePort, temporaryDir } from '../lib/processes';
import { openEventStream, Visitor } from './client';
import { startCluster, type Cluster } from './cluster';

const SERVER_URL =
  process.env.CLUSTER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'admin@vroum-prestige.fr', password: 'Demo-Vroum-2026' };
const JOBS_INTERVAL_MS = 1000;

interface ListedVehicle {
  id: string;
  slug: string;
  name: string;
  category: string;
  pricePerDayCents: number;
  depositCents: number;
  imageUrl: string;
  description: string | null;
  isAvailable: boolean;
  dailyKmLimit: number | null;
  features: Record<string, unknown>;
}

let database: EmptyServerDatabase;
let cluster: Cluster;
let sql: pg.Client;
let admin: Visitor;
let customer: Visitor;
let customerEmail: string;
let vehicles: ListedVehicle[];

const first = () => cluster.instances[0]!.url;
const second = () => cluster.instances[1]!.url;
const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A verified customer, signed up through the load balancer with the code from the outbox. */
async function signUpCustomer(): Promise<void> {
  customer = new Visitor(cluster.url);
  customerEmail = `client-${randomUUID().slice(0, 8)}@example.fr`;
  const password = 'secret-123';
  const body = { email: customerEmail, password, name: '' };
  expect((await customer.send(cluster.url, '/api/auth/sign-up/email', { body })).status).toBe(200);
  let otp: string | undefined;
  for (let attempt = 0; !otp && attempt < 50; attempt += 1) {
    const { rows } = await sql.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 order by created_at desc`,
      [customerEmail],
    );
    otp = rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!otp) await new Promise((done) => setTimeout(done, 100));
  }
  const verified = await customer.send(cluster.url, '/api/auth/email-otp/verify-email', {
    body: { email: customerEmail, otp },
  });
  expect(verified.status).toBe(200);
}

/** Starts a booking as checkout does; retried with the same key, it is the same booking. */
async function startBooking(baseUrl: string, index: number, key: string): Promise<Response> {
  const vehicle = vehicles[index % vehicles.length]!;
  const day = 20 + 4 * Math.floor(index / vehicles.length);
  return customer.send(baseUrl, '/api/v1/bookings', {
    headers: { 'idempotency-key': key },
    body: {
      vehicleSlug: vehicle.slug,
      start: `${isoDay(day)}T09:00:00.000Z`,
      end: `${isoDay(day + 2)}T09:00:00.000Z`,
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      protection: 'none',
      options: [],
      driver: {
        firstName: 'Camille',
        lastName: 'Lefèvre',
        dateOfBirth: '1985-06-15',
        licenseNumber: '12AB34567',
        licenseIssueDate: '2005-01-01',
        licenseCountry: 'FR',
        email: customerEmail,
        phone: '+33 6 11 22 33 44',
        address: '8 rue de la Paix',
        city: 'Paris',
        postalCode: '75002',
        country: 'FR',
      },
      acceptTerms: true,
    },
  });
}

beforeAll(async () => {
  database = await createEmptyServerDatabase(SERVER_URL);
  cluster = await startCluster({
    databaseUrl: database.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: await freePort(),
    instances: 2,
    dataDir: temporaryDir('vroum-cluster-'),
    redisKeyPrefix: `vroum-test-${randomUUID().slice(0, 8)}:`,
    env: {
      // Long enough that only a dropped cache can explain a fresh answer.
      CATALOGUE_CACHE_MS: '60000',
      BOOKING_JOBS_INTERVAL_MS: String(JOBS_INTERVAL_MS),
      AUTH_RATE_LIMIT: 'true',
      MAX_OPEN_HOLDS: '100',
      BOOKING_RATE_LIMIT: '200',
      CHAT_STREAM_PACE_MS: '0',
    },
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  admin = new Visitor(cluster.url);
  vehicles = (
    await admin.json<{ vehicles: ListedVehicle[] }>(cluster.url, '/api/v1/vehicles')
  ).vehicles.filter((vehicle) => vehicle.category !== 'Super Car');
  await signUpCustomer();
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
  await database?.drop();
});

describe('two instances behind nginx', () => {
  it('a session created on one instance works on the other and through the load balancer', async () => {
    const signedIn = await admin.send(first(), '/api/auth/sign-in/email', { body: ADMIN });
    expect(signedIn.status).toBe(200);
    // The demo administrator's second factor (decision 042), given to the first instance too.
    const code = totpCode(DEMO_TOTP_SECRET);
    const verified = await admin.send(first(), '/api/auth/two-factor/verify-totp', {
      body: { code },
    });
    expect(verified.status).toBe(200);
    for (const url of [second(), cluster.url]) {
      const session = await admin.json<{ user: { email: string } } | null>(
        url,
        '/api/auth/get-session',
      );
      expect(session?.user.email).toBe(ADMIN.email);
    }
  });

  it('a live event reaches a browser connected to the other instance', async () => {
    const own = await openEventStream(`${second()}/api/v1/events`, customer.cookieHeader);
    const staff = await openEventStream(`${second()}/api/v1/admin/events`, admin.cookieHeader);
    try {
      const vehicle = vehicles[0]!;
      const favourite = await customer.send(first(), `/api/v1/me/favorites/${vehicle.id}`, {
        method: 'PUT',
      });
      expect(favourite.status).toBe(204);
      await own.waitFor((event) => event.event === 'favorites');

      const started = await startBookingOn(first(), 0);
      await staff.waitFor(
        (event) => event.event === 'bookings' && event.data.includes(started.bookingId),
      );
    } finally {
      own.close();
      staff.close();
    }
  });

  it('the catalogue kept by both instances is dropped at a change made through either', async () => {
    const read = async (url: string) =>
      (await admin.json<{ vehicles: ListedVehicle[] }>(url, '/api/v1/vehicles?category=Luxe'))
        .vehicles;
    const before = await read(second());
    await read(first());
    const target = before[0]!;
    const newPrice = target.pricePerDayCents + 1000;
    const updated = await admin.send(first(), `/api/v1/admin/vehicles/${target.id}`, {
      method: 'PUT',
      body: {
        name: target.name,
        category: target.category,
        pricePerDayCents: newPrice,
        depositCents: target.depositCents,
        imageUrl: target.imageUrl,
        description: target.description,
        isAvailable: target.isAvailable,
        dailyKmLimit: target.dailyKmLimit,
        features: target.features,
      },
    });
    expect(updated.status).toBe(200);
    await expect
      .poll(async () => (await read(second())).find((v) => v.id === target.id)?.pricePerDayCents)
      .toBe(newPrice);
  });

  it('15 wrong passwords spread over both instances are limited as if there were one', async () => {
    const attacker = new Visitor(cluster.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const url = attempt % 2 === 0 ? first() : second();
      const response = await attacker.send(url, '/api/auth/sign-in/email', {
        body: { email: ADMIN.email, password: `wrong-${attempt}` },
        // The address the load balancer gives the instances for this attacker's connection.
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(429)]);
  });

  it('a route limit (10 look-ups a minute) is counted once across the instances', async () => {
    const visitor = new Visitor(cluster.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await visitor.send(
        attempt % 2 ? first() : second(),
        '/api/v1/bookings/lookup',
        {
          body: { bookingNumber: '0badc0de', email: 'personne@example.fr' },
        },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
  });

  it('each round of the background jobs runs on one instance, not on both', async () => {
    const rounds = async () =>
      (
        await sql.query<{ runs: number }>(
          `select runs::int as runs from job_leases where name = 'booking-jobs'`,
        )
      ).rows[0]?.runs ?? 0;
    const before = await rounds();
    const started = Date.now();
    await new Promise((done) => setTimeout(done, 6000));
    const taken = (await rounds()) - before;
    const elapsed = Date.now() - started;
    // Each instance ticks every second: both running would take about twice as many rounds.
    expect(taken).toBeGreaterThanOrEqual(Math.floor(elapsed / JOBS_INTERVAL_MS) - 2);
    expect(taken).toBeLessThanOrEqual(Math.ceil(elapsed / (JOBS_INTERVAL_MS * 0.9)) + 1);
  });

  it('killing one instance under load loses no booking and the load balancer keeps answering', async () => {
    const total = 24;
    const keys = Array.from({ length: total }, () => randomUUID());
    const answered = new Map<number, string>();
    let completed = 0;
    let killed = false;
    const book = async (index: number) => {
      const giveUpAt = Date.now() + 45_000;
      for (;;) {
        const response = await startBooking(cluster.url, 100 + index, keys[index]!).catch(
          () => null,
        );
        if (response?.status === 201) {
          answered.set(index, ((await response.json()) as { bookingId: string }).bookingId);
          break;
        }
        // A request the dead instance had taken fails; the customer's retry, with the same key,
        // lands on the other instance. If the dead one was creating the payment, the retry is a
        // 409 until the processor lets its claim on the key lapse (30 s).
        if (Date.now() > giveUpAt) {
          const answer = response ? `${response.status} ${await response.text()}` : 'no answer';
          const logs = cluster.instances.map((instance) => instance.child.output()).join('\n');
          throw new Error(`booking ${index}: ${answer}\n${logs}`);
        }
        await new Promise((done) => setTimeout(done, 300));
      }
      completed += 1;
      if (completed === 6 && !killed) {
        killed = true;
        cluster.kill(cluster.instances[0]!);
      }
    };
    const queue = [...keys.keys()];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let index = queue.shift(); index !== undefined; index = queue.shift())
          await book(index);
      }),
    );
    expect(killed).toBe(true);
    expect(answered.size).toBe(total);
    expect(new Set(answered.values()).size).toBe(total);
    const { rows } = await sql.query<{ id: string }>(
      `select b.id from bookings b join users u on u.id = b.user_id
        where u.email = $1 and b.id = any($2::uuid[])`,
      [customerEmail, [...answered.values()]],
    );
    expect(rows).toHaveLength(total);
    const health = await fetch(`${cluster.url}/api/v1/health`);
    expect(health.status).toBe(200);
    await cluster.restart(cluster.instances[0]!);
  });
});

async function startBookingOn(url: string, index: number): Promise<{ bookingId: string }> {
  const response = await startBooking(url, index, randomUUID());
  expect(response.status, `${url}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { bookingId: string };
}

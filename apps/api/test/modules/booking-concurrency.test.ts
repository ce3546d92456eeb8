import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
const customers: SignedInUser[] = [];
const CUSTOMERS = 40;
const BURSTS = 6;

beforeAll(async () => {
  ctx = await createTestApp();
  for (let i = 0; i < CUSTOMERS; i++) {
    customers.push(await signUpUser(ctx, `rush.${i}@example.fr`));
  }
}, 240_000);
afterAll(() => ctx.close());

function bookingBody(start: number, days: number, customer: number) {
  return {
    vehicleSlug: 'mclaren-720s',
    start: new Date(start).toISOString(),
    end: new Date(start + days * 86_400_000).toISOString(),
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    protection: 'basic',
    options: [],
    driver: {
      firstName: 'Client',
      lastName: `Numéro ${customer}`,
      dateOfBirth: '1975-05-01',
      licenseNumber: '12AB34567',
      licenseIssueDate: '1995-06-01',
      licenseCountry: 'FR',
      email: `rush.${customer}@example.fr`,
      phone: '+33 6 12 34 56 78',
      address: '4 place Bellecour',
      city: 'Lyon',
      postalCode: '69002',
      country: 'FR',
    },
    acceptTerms: true,
  };
}

function startPayment(customer: SignedInUser, body: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: {
      cookie: customer.cookie,
      'idempotency-key': crypto.randomUUID(),
      origin: ctx.config.site.publicUrl,
    },
    payload: body as Record<string, unknown>,
  });
}

describe('a rush of customers on one car', () => {
  it('gives the car to exactly one customer per burst on two overlapping periods, never a 5xx', async () => {
    for (let burst = 0; burst < BURSTS; burst++) {
      const day = Date.UTC(2027, 2, 1 + burst * 10, 9);
      const health = ctx.app.inject({ url: '/api/v1/health' });
      const answers = await Promise.all(
        // Half ask three days from 9:00, half two days from the next morning.
        customers.map((customer, i) =>
          startPayment(
            customer,
            i % 2 ? bookingBody(day, 3, i) : bookingBody(day + 86_400_000, 2, i),
          ),
        ),
      );
      expect((await health).statusCode).toBe(200);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toMatch(/^Véhicule non disponible/);
      }
    }
  }, 120_000);

  // PGlite has one connection: a second transaction cannot wait beside the first.
  it.runIf(process.env.DATABASE_URL)(
    'refuses with "Véhicule non disponible" when the car stays locked longer than the lock timeout',
    async () => {
      const day = Date.UTC(2027, 8, 1, 9);
      const { rows } = await ctx.db.query<{ id: string }>(
        `select id from vehicles where slug = 'mclaren-720s'`,
      );
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = ctx.db.transaction(async (tx) => {
        await tx.query(
          `select pg_advisory_xact_lock(hashtextextended('booking:' || $1::text, 0))`,
          [rows[0]!.id],
        );
        await released;
      });
      const answer = await startPayment(customers[0]!, bookingBody(day, 2, 0));
      release();
      await holder;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('vehicle_unavailable');
    },
  );
});

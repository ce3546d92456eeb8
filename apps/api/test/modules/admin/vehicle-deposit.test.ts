import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser } from '../../helpers/auth';
import { checkout } from '../../helpers/checkout';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx?.close());

const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.config.site.publicUrl,
      cookie: adminCookie,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });

const vehicle = (depositCents: number, name = 'Mini Cooper S') => ({
  name,
  category: 'Standard',
  pricePerDayCents: 9900,
  depositCents,
  imageUrl: 'https://images.example.fr/mini.jpg',
  isAvailable: true,
});

const tooSmall = {
  error: {
    code: 'invalid_request',
    field: 'depositCents',
    message:
      'La caution doit être d’au moins 0,50\u00a0€, le plus petit montant qu’une carte peut retenir.',
  },
};

describe('a vehicle’s deposit in the console', () => {
  it('is refused below 0,50 €, which no card processor can hold (the car could never be handed over)', async () => {
    for (const depositCents of [0, 1, 49]) {
      const response = await asAdmin('POST', '/api/v1/admin/vehicles', vehicle(depositCents));
      expect(response.statusCode, String(depositCents)).toBe(400);
      expect(response.json()).toEqual(tooSmall);
    }
    const { rows } = await ctx.db.query(`select id from vehicles where name = 'Mini Cooper S'`);
    expect(rows).toEqual([]);
  });

  it('is refused below 0,50 € when a vehicle is changed too', async () => {
    const created = await asAdmin('POST', '/api/v1/admin/vehicles', vehicle(50, 'Fiat 500'));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const changed = await asAdmin('PUT', `/api/v1/admin/vehicles/${id}`, vehicle(0, 'Fiat 500'));
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual(tooSmall);
    const { rows } = await ctx.db.query<{ deposit_cents: number }>(
      'select deposit_cents from vehicles where id = $1',
      [id],
    );
    expect(rows[0]?.deposit_cents).toBe(50);
  });
});

describe('a car saved before the rule with a deposit no card can hold', () => {
  it('cannot be booked online, in French, rather than booked and never handed over', async () => {
    const customer = await signUpUser(ctx);
    await ctx.db.query(`update vehicles set deposit_cents = 0 where slug = 'peugeot-208'`);
    const start = Date.UTC(2027, 10, 3, 9);
    await expect(checkout(ctx).start(customer, 'peugeot-208', start)).rejects.toThrow(
      'Ce véhicule ne peut pas être réservé en ligne pour le moment : contactez-nous.',
    );
    const { rows } = await ctx.db.query(
      `select 1 from bookings b join vehicles v on v.id = b.vehicle_id where v.slug = 'peugeot-208'`,
    );
    expect(rows).toHaveLength(0);
  });
});

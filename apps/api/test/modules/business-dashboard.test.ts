import { BusinessDashboard, type CarOccupancy } from '@vroum/core/business-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicingDeps } from '../../src/modules/invoicing/invoicing.jobs';
import { issuePendingDocuments } from '../../src/modules/invoicing/invoicing.service';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId, recordRentalPayment } from '../helpers/factories';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;
let customer: SignedInUser;
let agent: SignedInUser;
const ids: Record<string, string> = {};

const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });
const read = (cookie: string, query = '') =>
  ctx.app.inject({ url: `/api/v1/admin/dashboard${query}`, headers: headers(cookie) });
async function dashboard(query = ''): Promise<BusinessDashboard> {
  const answer = await read(adminCookie, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return BusinessDashboard.parse(answer.json());
}

/** A booking of a seeded car, the customer's, between two Paris times (with their offsets). */
async function booking(slug: string, start: string, end: string, status: Status) {
  return createBooking(ctx.db, {
    userId: customer.id,
    vehicleId: await findVehicleId(ctx.db, slug),
    start,
    end,
    status,
  });
}

async function block(slug: string, start: string, end: string, liftedAt: string | null = null) {
  await ctx.db.query(
    `insert into vehicle_blocks (vehicle_id, period, kind, reason, lifted_at)
     values ($1, tstzrange($2, $3), 'repair', 'Carrosserie', $4)`,
    [await findVehicleId(ctx.db, slug), start, end, liftedAt],
  );
}

async function movement(bookingId: string, kind: string, cents: number, key: string, ref = '') {
  await ctx.db.query(
    `insert into money_movements (booking_id, kind, amount_cents, provider, provider_ref,
       idempotency_key, settled_at)
     values ($1, $2, $3, 'sandbox', nullif($5, ''), $4, now())`,
    [bookingId, kind, cents, key, ref],
  );
}

type Status = 'pending' | 'confirmed' | 'active' | 'completed' | 'cancelled';

/** March 2026's bookings: the car, the Paris start and end, the status, and a name for some. */
const MARCH_BOOKINGS: [string, string, string, Status, string?][] = [
  ['toyota-yaris', '2026-02-27T10:00+01:00', '2026-03-01T10:00+01:00', 'completed'],
  ['toyota-yaris', '2026-03-02T10:00+01:00', '2026-03-05T10:00+01:00', 'completed'],
  ['toyota-yaris', '2026-03-20T10:00+01:00', '2026-03-22T10:00+01:00', 'cancelled'],
  ['renault-clio-5', '2026-03-05T12:00+01:00', '2026-03-07T12:00+01:00', 'completed'],
  ['renault-clio-5', '2026-03-31T10:00+02:00', '2026-04-02T10:00+02:00', 'confirmed'],
  ['porsche-panamera', '2026-03-25T14:00+01:00', '2026-03-27T14:00+01:00', 'confirmed', 'delivery'],
  ['porsche-panamera', '2026-03-20T10:00+01:00', '2026-03-21T10:00+01:00', 'pending'],
  ['mercedes-classe-s-500', '2026-03-23T09:00+01:00', '2026-03-25T18:00+01:00', 'active', 'return'],
  ['lamborghini-urus', '2026-03-29T10:00+02:00', '2026-03-30T10:00+02:00', 'confirmed'],
  ['audi-a4', '2026-03-26T10:00+01:00', '2026-03-28T10:00+01:00', 'cancelled'],
];

/** March 2026's fleet blocks: the car, the Paris start and end, when it was lifted if it was. */
const MARCH_BLOCKS: [string, string, string, string | null][] = [
  ['toyota-yaris', '2026-03-10T00:00+01:00', '2026-03-12T00:00+01:00', null],
  ['renault-clio-5', '2026-03-05T00:00+01:00', '2026-03-06T00:00+01:00', null],
  ['renault-clio-5', '2026-03-15T00:00+01:00', '2026-03-20T00:00+01:00', '2026-03-16T12:00+01:00'],
  ['renault-clio-5', '2026-03-25T00:00+01:00', '2026-03-27T00:00+01:00', '2026-03-20T09:00+01:00'],
];

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  adminId = (
    await ctx.db.query<{ id: string }>('select id from users where email = $1', [
      ctx.config.admin.email,
    ])
  ).rows[0]!.id;
  customer = await signUpUser(ctx, 'tableau.client@example.fr');
  agent = await signUpUser(ctx, 'tableau.agent@example.fr');
  const agentRole = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/agents',
    headers: headers(adminCookie),
    payload: { email: agent.email },
  });
  expect(agentRole.statusCode, agentRole.body).toBeLessThan(300);

  // March 2026 (summer time from Sunday 29 at 02:00): the week of Wednesday 25 and the month.
  for (const [slug, start, end, status, key] of MARCH_BOOKINGS) {
    const id = await booking(slug, start, end, status);
    if (key) ids[key] = id;
  }
  for (const [slug, start, end, liftedAt] of MARCH_BLOCKS) await block(slug, start, end, liftedAt);

  // This month's money: two rentals paid, a refund, a sum owed partly paid and partly given up.
  const first = await booking(
    'bmw-serie-3',
    '2027-02-01T10:00+01:00',
    '2027-02-02T10:00+01:00',
    'completed',
  );
  const firstRef = await recordRentalPayment(ctx.db, first, 24_900);
  await movement(first, 'rental_refund', 5_000, 'refund:dashboard', firstRef);
  const second = await booking(
    'audi-a4',
    '2027-02-01T10:00+01:00',
    '2027-02-02T10:00+01:00',
    'completed',
  );
  await recordRentalPayment(ctx.db, second, 24_900);
  await movement(second, 'charge_due', 12_000, 'due:dashboard');
  await movement(second, 'balance_payment', 2_000, 'paid:dashboard');
  await movement(second, 'charge_waived', 3_000, 'waived:dashboard');
  const deps = invoicingDeps(ctx.app);
  while ((await issuePendingDocuments(deps)) > 0);
  ids.balance = second;

  // The cases: an identity sent, two damage claims (one recorded by this administrator), a
  // dispute open, a reconciliation difference.
  const rental = rentalSteps(ctx, () => adminCookie);
  ids.identity = await rental.paidBooking(customer, 'mclaren-720s');
  await rental.uploadIdentityFiles(customer);
  expect((await rental.submit(customer, ids.identity)).statusCode).toBe(200);
  for (const [slug, recorder, key] of [
    ['ferrari-f8-spider', adminId, 'ownClaim'],
    ['range-rover-sport', agent.id, 'claim'],
  ] as const) {
    ids[key] = await booking(slug, '2027-03-01T10:00+01:00', '2027-03-03T10:00+01:00', 'active');
    await ctx.db.query(
      `insert into damage_claims (booking_id, recorded_by, protection_plan, excess_cents,
         assessed_cents, chargeable_cents, other_charges_cents, damages)
       values ($1, $2, 'basic', 200000, 90000, 90000, 0, '[]')`,
      [ids[key], recorder],
    );
  }
  ids.dispute = await booking(
    'mercedes-classe-v',
    '2027-03-01T10:00+01:00',
    '2027-03-03T10:00+01:00',
    'completed',
  );
  await ctx.db.query(
    `insert into return_disputes (booking_id, user_id, reason, contested_cents)
     values ($1, $2, 'Les rayures étaient déjà là.', 45000)`,
    [ids.dispute, customer.id],
  );
  await ctx.db.query(
    `insert into reconciliation_differences (booking_id, provider, provider_ref, measure,
       ledger_cents, processor_cents)
     values ($1, 'sandbox', $2, 'captured', 24900, 19900)`,
    [first, firstRef],
  );
  ids.difference = first;
}, 120_000);
afterAll(() => ctx?.close());

const reference = (id: string) => id.slice(0, 8).toUpperCase();

describe('the business dashboard', () => {
  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/admin/dashboard' })).statusCode).toBe(401);
    expect((await read(customer.cookie)).statusCode).toBe(403);
    expect((await read(agent.cookie)).statusCode).toBe(403);
    expect((await read(adminCookie, '?date=2026-13-01')).statusCode).toBe(400);
  });

  it('lists the day’s deliveries and returns, and the week’s day by day, in Paris days', async () => {
    const board = await dashboard('?date=2026-03-25');
    expect(board.day).toBe('2026-03-25');
    expect(board.week).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(board.month).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(board.missions.today.map((mission) => [mission.kind, mission.bookingId])).toEqual([
      ['delivery', ids.delivery],
      ['return', ids.return],
    ]);
    expect(board.missions.week).toEqual([
      { day: '2026-03-23', deliveries: 0, returns: 0 },
      { day: '2026-03-24', deliveries: 0, returns: 0 },
      { day: '2026-03-25', deliveries: 1, returns: 1 },
      { day: '2026-03-26', deliveries: 0, returns: 0 },
      { day: '2026-03-27', deliveries: 0, returns: 1 },
      { day: '2026-03-28', deliveries: 0, returns: 0 },
      { day: '2026-03-29', deliveries: 1, returns: 0 },
    ]);
    expect(board.missions.weekTotal).toEqual({ deliveries: 2, returns: 2 });
  });

  it('measures each car’s month in bookings and blocks, and each category’s', async () => {
    const { occupancy } = await dashboard('?date=2026-03-25');
    // 31 days less the hour the clocks skip.
    expect(occupancy.monthMinutes).toBe(31 * 1440 - 60);
    const car = (name: string) => occupancy.cars.find((one) => one.name === name)!;
    const figures = (one: CarOccupancy) => ({
      bookings: one.bookings,
      blocks: one.blocks,
      booked: one.bookedMinutes,
      blocked: one.blockedMinutes,
      busy: one.busyMinutes,
    });
    expect(occupancy.cars).toHaveLength(13);
    // From midnight on the 1st to 10:00, then three days; the cancelled one does not count.
    expect(figures(car('Toyota Yaris'))).toEqual({
      bookings: 2,
      blocks: 1,
      booked: 600 + 3 * 1440,
      blocked: 2 * 1440,
      busy: 600 + 5 * 1440,
    });
    // A block over a finished rental counts once in the busy time; a lifted block until it was
    // lifted, one lifted before it began not at all; the last rental until midnight on the 31st.
    expect(figures(car('Renault Clio 5'))).toEqual({
      bookings: 2,
      blocks: 2,
      booked: 2 * 1440 + 14 * 60,
      blocked: 1440 + 1.5 * 1440,
      busy: 2.5 * 1440 + 1.5 * 1440 + 14 * 60,
    });
    // A pending hold is no rental.
    expect(figures(car('Porsche Panamera'))).toMatchObject({ bookings: 1, booked: 2 * 1440 });
    expect(figures(car('Lamborghini Urus'))).toMatchObject({ booked: 1440, busy: 1440 });
    expect(figures(car('Audi A4'))).toMatchObject({ bookings: 0, busy: 0 });
    expect(occupancy.categories).toEqual([
      {
        category: 'Standard',
        cars: 3,
        bookedMinutes: 600 + 3 * 1440 + 2 * 1440 + 14 * 60,
        blockedMinutes: 2 * 1440 + 2.5 * 1440,
        busyMinutes: 600 + 5 * 1440 + 4 * 1440 + 14 * 60,
      },
      { category: 'Premium', cars: 3, bookedMinutes: 0, blockedMinutes: 0, busyMinutes: 0 },
      {
        category: 'Luxe',
        cars: 4,
        bookedMinutes: 2 * 1440 + 2 * 1440 + 9 * 60,
        blockedMinutes: 0,
        busyMinutes: 2 * 1440 + 2 * 1440 + 9 * 60,
      },
      {
        category: 'Super Cars',
        cars: 3,
        bookedMinutes: 1440,
        blockedMinutes: 0,
        busyMinutes: 1440,
      },
    ]);
  });

  it('reads the month’s revenue from the invoices issued and the ledger, to the cent', async () => {
    const { revenue } = await dashboard();
    const documents = await ctx.db.query<{ kind: string; count: number; ttc: number; ht: number }>(
      `select kind, count(*)::int as count, sum(total_ttc_cents)::int as ttc,
          sum(total_ht_cents)::int as ht
         from invoicing_documents group by kind`,
    );
    const of = (kind: string) => documents.rows.find((row) => row.kind === kind);
    expect(revenue.invoices).toEqual({
      count: of('invoice')!.count,
      totalCents: of('invoice')!.ttc,
      totalExclVatCents: of('invoice')!.ht,
    });
    expect(revenue.creditNotes).toEqual({
      count: of('credit_note')!.count,
      totalCents: of('credit_note')!.ttc,
      totalExclVatCents: of('credit_note')!.ht,
    });
    // Two rentals and the sum owed invoiced; the refund and the sum given up credited.
    expect(revenue.invoices).toMatchObject({ count: 3, totalCents: 24_900 * 2 + 12_000 });
    expect(revenue.creditNotes).toMatchObject({ count: 2, totalCents: 5_000 + 3_000 });
    expect(revenue.ledger).toEqual({
      receivedCents: 24_900 * 2 + 2_000,
      refundedCents: 5_000,
      waivedCents: 3_000,
    });
    expect(revenue.outstanding).toEqual({ count: 1, totalCents: 12_000 - 2_000 - 3_000 });
  });

  it('lists the cases waiting for the team, each with its booking', async () => {
    const { cases } = await dashboard();
    expect(cases.identities.count).toBe(1);
    expect(cases.identities.items[0]).toMatchObject({
      bookingId: ids.identity,
      reference: reference(ids.identity!),
    });
    expect(cases.damages.count).toBe(2);
    expect(
      cases.damages.items.map((item) => [item.bookingId, item.step, item.recordedByYou]),
    ).toEqual([
      [ids.ownClaim, 'decide', true],
      [ids.claim, 'decide', false],
    ]);
    expect(cases.disputes).toMatchObject({
      count: 1,
      items: [{ bookingId: ids.dispute, contestedCents: 45_000 }],
    });
    expect(cases.balancesDue).toEqual({
      count: 1,
      items: [
        {
          bookingId: ids.balance,
          reference: reference(ids.balance!),
          customerName: customer.email,
          dueCents: 7_000,
        },
      ],
    });
    expect(cases.differences).toMatchObject({
      count: 1,
      items: [{ bookingId: ids.difference, ledgerCents: 24_900, processorCents: 19_900 }],
    });
  });
});

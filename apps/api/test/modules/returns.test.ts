import type { ReturnReport } from '@vroum/core/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let agent: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  agent = await signUpUser(ctx, 'agent.retour@example.fr');
  await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
});
afterAll(() => ctx.close());

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const returnReport = (overrides: Partial<ReturnReport> = {}): ReturnReport => {
  const rest: Partial<typeof handoverReport> = { ...handoverReport };
  delete rest.identityChecked;
  return {
    ...(rest as ReturnReport),
    atAgency: false,
    damageCents: 0,
    chargeNote: '',
    ...overrides,
  };
};

/** A rental handed over by the agent (12 450 km, full), its deposit of 3 500 € held. */
async function rentalUnderWay(): Promise<{ customer: SignedInUser; bookingId: string }> {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  await rental.validateIdentity(customer, bookingId);
  await rental.signCurrentContract(customer, bookingId);
  await recordRentalPayment(ctx.db, bookingId, 74_700);
  await recordDepositHold(ctx.db, bookingId, 350_000);
  for (const kind of ['delivery', 'return']) {
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind,
      agentId: agent.id,
    });
  }
  const handover = await call(
    agent.cookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/handover`,
    handoverReport,
  );
  expect(handover.statusCode, handover.body).toBe(200);
  return { customer, bookingId };
}

const depositIntent = async (bookingId: string) =>
  (
    await ctx.db.query<{ status: string; amount_received_cents: number }>(
      'select status, amount_received_cents from sandbox_intents where id = $1',
      [`pi_sbx_deposit_${bookingId.slice(0, 8)}`],
    )
  ).rows[0]!;

describe('the return and the deposit decision', () => {
  it('releases the deposit at once when nothing is due, and the rental is completed', async () => {
    const { customer, bookingId } = await rentalUnderWay();
    const answer = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport({ odometerKm: 12_450 + 600 }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      bookingStatus: 'completed',
      charges: { drivenKm: 600, totalCents: 0 },
      promoCode: null,
    });
    expect(await depositIntent(bookingId)).toMatchObject({ status: 'canceled' });
    const pdf = await call(customer.cookie, 'GET', answer.json().reportUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('takes the extra kilometres from the deposit once, however often the decision is sent', async () => {
    const { bookingId } = await rentalUnderWay();
    const report = returnReport({ odometerKm: 12_450 + 1_250, fuelPercent: 90 });
    const answers = await Promise.all([
      call(agent.cookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, report),
      call(agent.cookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, report),
    ]);
    const retried = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      report,
    );
    for (const answer of [...answers, retried]) {
      if (answer.statusCode === 200) {
        expect(answer.json().charges).toMatchObject({
          extraKm: 250,
          extraKmCents: 11_750,
          fuelCents: 1_500,
        });
      }
    }
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await depositIntent(bookingId)).toEqual({
      status: 'succeeded',
      amount_received_cents: 13_250,
    });
    const captures = await ctx.db.query(
      `select 1 from audit_log where entity_id = $1 and action = 'booking.deposit_capture'`,
      [bookingId],
    );
    expect(captures.rows).toHaveLength(1);
    const status = await ctx.db.query<{ booking_status: string; deposit_status: string }>(
      'select booking_status, deposit_status from bookings where id = $1',
      [bookingId],
    );
    expect(status.rows[0]).toEqual({ booking_status: 'completed', deposit_status: 'captured' });
  });

  it('gives a return at the agency a single-use code, accepted at checkout for its owner only', async () => {
    const { customer, bookingId } = await rentalUnderWay();
    const chosen = await call(customer.cookie, 'PUT', `/api/v1/bookings/${bookingId}/return-mode`, {
      mode: 'agency',
    });
    expect(chosen.statusCode, chosen.body).toBe(204);
    const answer = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport({ atAgency: true, odometerKm: 12_500 }),
    );
    const code = answer.json().promoCode as string;
    expect(code).toMatch(/^MERCI-[0-9A-F]{8}$/);
    const mine = await call(customer.cookie, 'GET', '/api/v1/me/promo-codes');
    expect(mine.json().codes).toEqual([expect.objectContaining({ code, discountPercent: 10 })]);

    const quote = (cookie: string) =>
      call(cookie, 'POST', '/api/v1/quotes', {
        vehicleSlug: 'audi-a4',
        start: new Date(Date.now() + 200 * 86_400_000).toISOString(),
        end: new Date(Date.now() + 202 * 86_400_000).toISOString(),
        deliveryAddress: '10 rue de Rivoli, 75001 Paris',
        protection: 'none',
        options: [],
        promoCode: code,
      });
    const stranger = await signUpUser(ctx);
    const refused = await quote(stranger.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Ce code promo n’est pas valide.');
    const accepted = await quote(customer.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().discountCents).toBeGreaterThan(0);
  });

  it('gives back the fee paid to collect the car elsewhere when it comes to the agency, once', async () => {
    const { customer, bookingId } = await rentalUnderWay();
    await ctx.db.query('update bookings set return_fee_cents = 28000 where id = $1', [bookingId]);
    const send = () =>
      call(
        agent.cookie,
        'POST',
        `/api/v1/agent/missions/${bookingId}/return`,
        returnReport({ atAgency: true, odometerKm: 12_500 }),
      );
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode], first.body).toEqual([200, 200]);
    expect((await send()).statusCode).toBe(200);
    const rental = await ctx.db.query<{ amount_refunded_cents: number }>(
      'select amount_refunded_cents from sandbox_intents where id = $1',
      [`pi_sbx_rental_${bookingId.slice(0, 8)}`],
    );
    expect(rental.rows[0]!.amount_refunded_cents).toBe(28_000);
    const notice = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and message like '%vous sont remboursés%'`,
      [customer.id],
    );
    expect(notice.rows[0]?.message).toContain(
      'Les frais de restitution (280,00\u00a0€) vous sont remboursés',
    );
  });

  it('refuses a return before the handover and by an agent not sent there', async () => {
    const customer = await signUpUser(ctx);
    const bookingId = await rental.paidBooking(customer);
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind: 'return',
      agentId: agent.id,
    });
    const early = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport(),
    );
    expect(early.statusCode).toBe(409);
    const other = await signUpUser(ctx, 'autre.agent@example.fr');
    await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: other.email });
    const notTheirs = await call(
      other.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport(),
    );
    expect(notTheirs.statusCode).toBe(404);
  });
});

describe('reviews from renters', () => {
  it('invites the renter once the rental is completed; their review is verified, published by the team', async () => {
    const { customer, bookingId } = await rentalUnderWay();
    const early = await call(customer.cookie, 'POST', `/api/v1/bookings/${bookingId}/review`, {
      rating: 5,
      comment: 'Trop tôt',
    });
    expect(early.statusCode).toBe(409);
    await call(agent.cookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, returnReport());
    const invite = await ctx.db.query<{ link: string }>(
      `select link from notifications where user_id = $1 and title like 'Votre avis sur%'`,
      [customer.id],
    );
    expect(invite.rows.map((row) => row.link)).toEqual([`/reservation/${bookingId}`]);

    const written = await call(customer.cookie, 'POST', `/api/v1/bookings/${bookingId}/review`, {
      rating: 5,
      comment: 'Livraison à l’heure, voiture impeccable.',
    });
    expect(written.statusCode, written.body).toBe(201);
    const again = await call(customer.cookie, 'POST', `/api/v1/bookings/${bookingId}/review`, {
      rating: 1,
      comment: 'Encore',
    });
    expect(again.json().error.message).toBe('Vous avez déjà donné votre avis sur cette location.');
    const stranger = await signUpUser(ctx);
    expect(
      (await call(stranger.cookie, 'GET', `/api/v1/bookings/${bookingId}/review`)).statusCode,
    ).toBe(404);

    const id = written.json().review.id as string;
    const published = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/reviews/${id}`,
      headers: { cookie: adminCookie, origin: ctx.config.site.publicUrl },
      payload: { isPublished: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { rows } = await ctx.db.query<{ slug: string }>(
      'select v.slug from bookings b join vehicles v on v.id = b.vehicle_id where b.id = $1',
      [bookingId],
    );
    const list = await ctx.app.inject(`/api/v1/vehicles/${rows[0]!.slug}/reviews`);
    expect(list.json().reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          comment: 'Livraison à l’heure, voiture impeccable.',
          isVerified: true,
        }),
      ]),
    );
  });

  it('takes one review per rental, even sent twice at once; a review from the vehicle page then is not the rental’s', async () => {
    const { customer, bookingId } = await rentalUnderWay();
    await call(agent.cookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, returnReport());
    const review = (comment: string) =>
      call(customer.cookie, 'POST', `/api/v1/bookings/${bookingId}/review`, { rating: 4, comment });
    const answers = await Promise.all([review('Premier envoi'), review('Second envoi')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);

    const { rows } = await ctx.db.query<{ slug: string }>(
      'select v.slug from bookings b join vehicles v on v.id = b.vehicle_id where b.id = $1',
      [bookingId],
    );
    const fromVehiclePage = await call(
      customer.cookie,
      'POST',
      `/api/v1/vehicles/${rows[0]!.slug}/reviews`,
      { rating: 5, comment: 'Encore un avis sur la même location.' },
    );
    expect(fromVehiclePage.statusCode, fromVehiclePage.body).toBe(201);
    const linked = await ctx.db.query<{ count: number }>(
      'select count(*)::int as count from reviews where booking_id = $1',
      [bookingId],
    );
    expect(linked.rows[0]?.count).toBe(1);
  });
});

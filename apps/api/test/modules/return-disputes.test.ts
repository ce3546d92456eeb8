import type { ReturnReport } from '@vroum/core/operations';
import type { AdminDispute } from '@vroum/core/return-disputes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { makePng } from '../helpers/sample-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let secondAdmin: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  secondAdmin = await signUpUser(ctx, 'seconde.admin.litiges@example.fr');
  await ctx.db.query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [
    secondAdmin.id,
  ]);
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

/**
 * A rental handed over at 12 450 km and brought back 1 200 km later (200 km beyond its
 * allowance: 94 €, taken on the 3 500 € deposit); the rental's 747 € paid by card.
 */
async function returnedRental(): Promise<{ customer: SignedInUser; bookingId: string }> {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  await rental.validateIdentity(customer, bookingId);
  await rental.signCurrentContract(customer, bookingId);
  await recordRentalPayment(ctx.db, bookingId, 74_700);
  await recordDepositHold(ctx.db, bookingId, 350_000);
  for (const kind of ['delivery', 'return']) {
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind,
      agentId: null,
    });
  }
  const handover = await call(
    adminCookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/handover`,
    handoverReport,
  );
  expect(handover.statusCode, handover.body).toBe(200);
  const rest: Partial<typeof handoverReport> = { ...handoverReport };
  delete rest.identityChecked;
  const report: ReturnReport = {
    ...(rest as ReturnReport),
    odometerKm: 12_450 + 1_200,
    atAgency: false,
    damageCents: 0,
    chargeNote: '',
    damages: [],
  };
  const back = await call(
    adminCookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/return`,
    report,
  );
  expect(back.statusCode, back.body).toBe(200);
  return { customer, bookingId };
}

async function sendPhoto(cookie: string, bookingId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/dispute/photos`,
    headers: { cookie, origin: ctx.config.site.publicUrl, 'content-type': 'image/png' },
    payload: makePng(),
  });
}

const contest = (cookie: string, bookingId: string, body: unknown) =>
  call(cookie, 'POST', `/api/v1/bookings/${bookingId}/dispute`, body);

const disputeOf = async (bookingId: string): Promise<AdminDispute> => {
  const list = await call(adminCookie, 'GET', '/api/v1/admin/disputes');
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().disputes as AdminDispute[]).find((entry) => entry.bookingId === bookingId)!;
};

const movements = async (bookingId: string, kind: string) =>
  (
    await ctx.db.query<{ amount_cents: number; idempotency_key: string }>(
      `select amount_cents, idempotency_key from money_movements
        where booking_id = $1 and kind = $2 order by id`,
      [bookingId, kind],
    )
  ).rows;

const reason = 'Le plein a été fait à la station de l’agence, ticket joint.';

describe('a customer’s dispute of the return charges', () => {
  it('is opened with a photo, compared side by side, reduced by one of two admins deciding at once, refunded once, and the customer told at each step', async () => {
    const { customer, bookingId } = await returnedRental();
    const state = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/dispute`);
    expect(state.json()).toMatchObject({ chargedCents: 9_400, canContest: true, dispute: null });

    const photo = await sendPhoto(customer.cookie, bookingId);
    expect(photo.statusCode, photo.body).toBe(201);
    const { photoId } = photo.json();
    const opened = await contest(customer.cookie, bookingId, { reason, photoIds: [photoId] });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      canContest: false,
      dispute: { status: 'open', contestedCents: 9_400, reason },
    });
    const image = await call(customer.cookie, 'GET', opened.json().dispute.photoUrls[0]);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const dispute = await disputeOf(bookingId);
    expect(dispute.inspections.map((side) => [side.kind, side.odometerKm])).toEqual([
      ['handover', 12_450],
      ['return', 13_650],
    ]);
    expect(dispute.inspections[1]!.reportUrl).toBe(
      `/api/v1/bookings/${bookingId}/inspections/return/report`,
    );

    const decision = {
      outcome: 'reduce',
      keptCents: 4_000,
      answer: 'Le ticket montre le plein : seuls les kilomètres restent dus.',
    };
    const both = await Promise.all([
      call(adminCookie, 'POST', `/api/v1/admin/disputes/${dispute.id}/decision`, decision),
      call(secondAdmin.cookie, 'POST', `/api/v1/admin/disputes/${dispute.id}/decision`, decision),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(both[0].json()).toMatchObject({
      status: 'decided',
      outcome: 'reduce',
      keptCents: 4_000,
      refundCents: 5_400,
      waivedCents: 0,
    });
    expect(await movements(bookingId, 'rental_refund')).toEqual([
      { amount_cents: 5_400, idempotency_key: `dispute:${dispute.id}:refund` },
    ]);
    const other = await call(adminCookie, 'POST', `/api/v1/admin/disputes/${dispute.id}/decision`, {
      outcome: 'refund',
      answer: 'Finalement tout est remboursé.',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('Cette contestation a déjà été tranchée.');

    const audit = await ctx.db.query<{ action: string }>(
      `select action from audit_log where entity_id = $1 and action like 'dispute.%' order by id`,
      [bookingId],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['dispute.open', 'dispute.decide']);
    const notices = await ctx.db.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1
        and (title like 'Contestation%' or title like 'Réponse%') order by created_at`,
      [customer.id],
    );
    expect(notices.rows.map((row) => row.title)).toEqual([
      expect.stringMatching(/^Contestation reçue/),
      expect.stringMatching(/^Réponse à votre contestation/),
    ]);
    expect(notices.rows[1]!.message).toBe(
      'Après examen, les frais de restitution sont ramenés de 94,00\u00a0€ à 40,00\u00a0€. 54,00\u00a0€ vous sont remboursés sur votre carte.',
    );
    expect(await rental.lastMailText(customer.email)).toContain(decision.answer);
    const seen = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/dispute`);
    expect(seen.json().dispute).toMatchObject({ answer: decision.answer, refundCents: 5_400 });
  });

  it('gives up what the refused card still owes before refunding, and no balance is asked while the case is open', async () => {
    const { customer, bookingId } = await returnedRental();
    // The card refused 300 € more (another charge of the return).
    await ctx.db.query(`update bookings set balance_due_cents = 30000 where id = $1`, [bookingId]);
    await ctx.db.query(
      `insert into money_movements (booking_id, kind, amount_cents, provider, idempotency_key)
       values ($1, 'charge_due', 30000, 'outside', $2)`,
      [bookingId, `due:${bookingId}`],
    );
    expect((await contest(customer.cookie, bookingId, { reason })).statusCode).toBe(200);
    const pay = await call(
      customer.cookie,
      'POST',
      `/api/v1/bookings/${bookingId}/balance/card-payment`,
    );
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toContain('aucun montant ne vous est demandé');

    const dispute = await disputeOf(bookingId);
    expect(dispute.contestedCents).toBe(39_400);
    const decided = await call(
      adminCookie,
      'POST',
      `/api/v1/admin/disputes/${dispute.id}/decision`,
      { outcome: 'refund', answer: 'Le kilométrage relevé était erroné : tout est annulé.' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ keptCents: 0, waivedCents: 30_000, refundCents: 9_400 });
    expect(await movements(bookingId, 'charge_waived')).toHaveLength(1);
    expect(await movements(bookingId, 'rental_refund')).toHaveLength(1);
    const balance = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/balance`);
    expect(balance.json()).toEqual({ balanceDueCents: 0, disputed: false });
  });

  it('refuses a dispute after the 14 days, in French, and keeps strangers out', async () => {
    const { customer, bookingId } = await returnedRental();
    const stranger = await signUpUser(ctx);
    const peek = await call(stranger.cookie, 'GET', `/api/v1/bookings/${bookingId}/dispute`);
    expect(peek.statusCode).toBe(404);
    expect((await contest(stranger.cookie, bookingId, { reason })).statusCode).toBe(404);
    expect((await sendPhoto(stranger.cookie, bookingId)).statusCode).toBe(404);
    const byCustomer = await call(customer.cookie, 'GET', '/api/v1/admin/disputes');
    expect(byCustomer.statusCode).toBe(403);

    const short = await contest(customer.cookie, bookingId, { reason: 'Non' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Expliquez ce que vous contestez (10 caractères au moins).');

    await ctx.db.query(
      `update inspections set contest_until = timestamptz '2026-11-01 12:00+01' where booking_id = $1 and kind = 'return'`,
      [bookingId],
    );
    const late = await contest(customer.cookie, bookingId, { reason });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe(
      'Le délai de contestation de 14 jours est dépassé depuis le 1 novembre 2026.',
    );
    const state = await call(customer.cookie, 'GET', `/api/v1/bookings/${bookingId}/dispute`);
    expect(state.json()).toMatchObject({ canContest: false, dispute: null });
  });
});

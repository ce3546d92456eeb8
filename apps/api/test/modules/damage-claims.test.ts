import { randomUUID } from 'node:crypto';
import type { DamageClaim } from '@vroum/core/damage-claims';
import type { ReturnReport } from '@vroum/core/operations';
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
let agent: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  agent = await signUpUser(ctx, 'agent.dommages@example.fr');
  await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
  secondAdmin = await signUpUser(ctx, 'seconde.admin@example.fr');
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
 * A rental of `slug` handed over (12 450 km, full) by the agent, or by the administrator when
 * `byAdmin`, who then does the return too; its deposit of 3 500 € held.
 */
async function rentalUnderWay(
  protection: 'complete' | 'intermediate' | 'basic' | 'none',
  { slug = 'porsche-panamera', byAdmin = false }: { slug?: string; byAdmin?: boolean } = {},
) {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer, slug);
  await ctx.db.query('update bookings set protection_plan = $2 where id = $1', [
    bookingId,
    protection,
  ]);
  await rental.validateIdentity(customer, bookingId);
  await rental.signCurrentContract(customer, bookingId);
  await recordRentalPayment(ctx.db, bookingId, 74_700);
  await recordDepositHold(ctx.db, bookingId, 350_000);
  for (const kind of ['delivery', 'return']) {
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind,
      agentId: byAdmin ? null : agent.id,
    });
  }
  const cookie = byAdmin ? adminCookie : agent.cookie;
  const handover = await call(
    cookie,
    'POST',
    `/api/v1/agent/missions/${bookingId}/handover`,
    handoverReport,
  );
  expect(handover.statusCode, handover.body).toBe(200);
  return { customer, bookingId, cookie };
}

/** A card saved at payment that the sandbox accepts off-session. */
async function saveCard(bookingId: string, last4 = '4242') {
  const pm = `pm_sbx_${last4}_${bookingId.slice(0, 8)}`;
  await ctx.db.query(
    `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status,
       payment_method, card_last4)
     values ($1, 'secret', 100, 'manual', 'canceled', $2, $3)`,
    [`pi_sbx_card_${bookingId.slice(0, 8)}`, pm, last4],
  );
  await ctx.db.query('update bookings set saved_payment_method = $2 where id = $1', [
    bookingId,
    pm,
  ]);
}

/** The return with `damageCents` of new damage on the front left wing, photographed. */
async function returnWithDamage(
  bookingId: string,
  damageCents: number,
  cookie = agent.cookie,
  extra: Partial<ReturnReport> = {},
) {
  const photoId = randomUUID();
  const photo = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/agent/missions/${bookingId}/return/photos/${photoId}`,
    headers: { cookie, origin: ctx.config.site.publicUrl, 'content-type': 'image/png' },
    payload: makePng(),
  });
  expect(photo.statusCode, photo.body).toBe(204);
  const rest: Partial<typeof handoverReport> = { ...handoverReport };
  delete rest.identityChecked;
  const report: ReturnReport = {
    ...(rest as ReturnReport),
    odometerKm: 12_450 + 1_200, // 200 km beyond the allowance: 94 €
    atAgency: false,
    damageCents,
    chargeNote: 'Aile avant gauche enfoncée',
    damages: [{ zone: 'front-left', note: 'Aile enfoncée, phare brisé', photoIds: [photoId] }],
    ...extra,
  };
  const answer = await call(cookie, 'POST', `/api/v1/agent/missions/${bookingId}/return`, report);
  return { answer, photoId, report };
}

const claimOf = async (bookingId: string): Promise<DamageClaim> => {
  const list = await call(adminCookie, 'GET', '/api/v1/admin/damage-claims');
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().claims as DamageClaim[]).find((claim) => claim.bookingId === bookingId)!;
};

const approve = (cookie: string, claimId: string, amountCents: number, note = '') =>
  call(cookie, 'POST', `/api/v1/admin/damage-claims/${claimId}/approval`, { amountCents, note });

const depositIntent = async (bookingId: string) =>
  (
    await ctx.db.query<{ status: string; amount_received_cents: number }>(
      'select status, amount_received_cents from sandbox_intents where id = $1',
      [`pi_sbx_deposit_${bookingId.slice(0, 8)}`],
    )
  ).rows[0]!;

const auditActions = async (bookingId: string) =>
  (
    await ctx.db.query<{ action: string }>(
      `select action from audit_log where entity_id = $1 order by id`,
      [bookingId],
    )
  ).rows.map((row) => row.action);

const offSessionCharges = async (bookingId: string) =>
  (
    await ctx.db.query<{ amount_received_cents: number }>(
      `select amount_received_cents from sandbox_intents
        where metadata ->> 'bookingId' = $1 and metadata ->> 'kind' = 'return_charges'`,
      [bookingId],
    )
  ).rows.map((row) => row.amount_received_cents);

const bookingRow = async (bookingId: string) =>
  (
    await ctx.db.query<{ booking_status: string; deposit_status: string }>(
      'select booking_status, deposit_status from bookings where id = $1',
      [bookingId],
    )
  ).rows[0]!;

describe('damage found at the return', () => {
  it('takes nothing when the agent assesses 100 000 € of damage: the deposit stays held, the customer is told the itemised amounts and the photos', async () => {
    const { customer, bookingId } = await rentalUnderWay('basic');
    await saveCard(bookingId);
    const { answer, photoId, report } = await returnWithDamage(bookingId, 10_000_000);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      bookingStatus: 'active',
      charges: { extraKmCents: 9_400, damageCents: 0, totalCents: 9_400 },
      damage: { assessedCents: 10_000_000, chargeableCents: 200_000, awaitingApproval: true },
    });
    expect(await depositIntent(bookingId)).toMatchObject({ status: 'requires_capture' });
    expect(await offSessionCharges(bookingId)).toEqual([]);
    const actions = await auditActions(bookingId);
    expect(actions).toContain('damage_claim.record');
    expect(actions).not.toContain('booking.deposit_capture');
    expect(actions).not.toContain('booking.extra_charge');

    const mail = await rental.lastMailText(customer.email);
    expect(mail).toContain('Dommages constatés, estimés à 100\u00a0000,00\u00a0€');
    expect(mail).toContain('2\u00a0000,00\u00a0€ au plus');
    expect(mail).toContain('Kilomètres au-delà du forfait (200\u00a0km)\u00a0: 94,00\u00a0€');
    expect(mail).toContain(`/api/v1/bookings/${bookingId}/inspections/photos/${photoId}`);
    expect(mail).toContain('Rien n’est prélevé');
    const photo = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId}`,
    );
    expect(photo.statusCode).toBe(200);
    const notice = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and title like 'Dommages constatés%'`,
      [customer.id],
    );
    expect(notice.rows).toHaveLength(1);

    const claim = await claimOf(bookingId);
    expect(claim).toMatchObject({
      status: 'pending',
      protection: 'basic',
      assessedCents: 10_000_000,
      excessCents: 200_000,
      chargeableCents: 200_000,
      otherChargesCents: 9_400,
      depositHeldCents: 350_000,
      recordedBy: { id: agent.id },
    });
    expect(claim.damages[0]?.photoIds).toEqual([photoId]);

    // The agent's retry answers the same, still without taking anything.
    const retried = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      report,
    );
    expect(retried.json()).toMatchObject({ bookingStatus: 'active' });
    expect(await depositIntent(bookingId)).toMatchObject({ status: 'requires_capture' });
  });

  it('lets neither the agent nor the administrator who recorded the damage approve it', async () => {
    const { bookingId } = await rentalUnderWay('basic');
    await returnWithDamage(bookingId, 150_000);
    const claim = await claimOf(bookingId);
    const byAgent = await approve(agent.cookie, claim.id, 150_000);
    expect(byAgent.statusCode).toBe(403);

    const recordedByAdmin = await rentalUnderWay('basic', { byAdmin: true });
    const { answer } = await returnWithDamage(recordedByAdmin.bookingId, 150_000, adminCookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const own = await claimOf(recordedByAdmin.bookingId);
    const selfApproved = await approve(adminCookie, own.id, 150_000);
    expect(selfApproved.statusCode).toBe(403);
    expect(selfApproved.json().error.message).toBe(
      'Vous avez constaté ces dommages : un autre administrateur doit décider de leur facturation.',
    );
    expect(await depositIntent(recordedByAdmin.bookingId)).toMatchObject({
      status: 'requires_capture',
    });
  });

  it('takes at most the plan’s excess once approved, from the deposit, once however often and however concurrently it is approved', async () => {
    const { customer, bookingId } = await rentalUnderWay('basic');
    await saveCard(bookingId);
    await returnWithDamage(bookingId, 10_000_000);
    const claim = await claimOf(bookingId);
    const tooMuch = await approve(secondAdmin.cookie, claim.id, 200_001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.field).toBe('amountCents');

    const answers = await Promise.all([
      approve(secondAdmin.cookie, claim.id, 200_000),
      approve(secondAdmin.cookie, claim.id, 200_000),
      approve(adminCookie, claim.id, 200_000),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const again = await approve(adminCookie, claim.id, 200_000);
    expect(again.json()).toMatchObject({
      status: 'approved',
      approvedCents: 200_000,
      settled: true,
    });

    // 2 000 € of damage and 94 € of kilometres: from the deposit, once; the card is not charged.
    expect(await depositIntent(bookingId)).toEqual({
      status: 'succeeded',
      amount_received_cents: 209_400,
    });
    expect(await offSessionCharges(bookingId)).toEqual([]);
    const actions = await auditActions(bookingId);
    expect(actions.filter((action) => action === 'damage_claim.approve')).toHaveLength(1);
    expect(actions.filter((action) => action === 'booking.deposit_capture')).toHaveLength(1);
    expect(await bookingRow(bookingId)).toEqual({
      booking_status: 'completed',
      deposit_status: 'captured',
    });
    const decided = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and title like 'Décision sur les dommages%'`,
      [customer.id],
    );
    expect(decided.rows.map((row) => row.message)).toEqual([
      expect.stringContaining('notre équipe retient 2\u00a0000,00\u00a0€'),
    ]);
  });

  it('without protection charges up to the car’s value, the part beyond the deposit on the saved card only after the approval', async () => {
    const { bookingId } = await rentalUnderWay('none', { slug: 'toyota-yaris' });
    await saveCard(bookingId);
    await returnWithDamage(bookingId, 10_000_000);
    const claim = await claimOf(bookingId);
    // The Yaris is worth 25 000 €.
    expect(claim).toMatchObject({ excessCents: 2_500_000, chargeableCents: 2_500_000 });
    expect(await offSessionCharges(bookingId)).toEqual([]);

    // Lowered by the administrator, with the reason.
    const approved = await approve(secondAdmin.cookie, claim.id, 1_200_000, 'Devis du carrossier');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await depositIntent(bookingId)).toEqual({
      status: 'succeeded',
      amount_received_cents: 350_000,
    });
    expect(await offSessionCharges(bookingId)).toEqual([1_200_000 + 9_400 - 350_000]);
    const charge = await ctx.db.query<{ after: { approval: { claimId: string } } }>(
      `select after from audit_log where entity_id = $1 and action = 'booking.extra_charge'`,
      [bookingId],
    );
    expect(charge.rows[0]?.after.approval).toMatchObject({ claimId: claim.id });
  });

  it('charges no damage with Complète: the rental ends at once, the deposit pays the kilometres', async () => {
    const { customer, bookingId } = await rentalUnderWay('complete');
    const { answer } = await returnWithDamage(bookingId, 10_000_000);
    expect(answer.json()).toMatchObject({
      bookingStatus: 'completed',
      charges: { totalCents: 9_400 },
      damage: { assessedCents: 10_000_000, chargeableCents: 0, awaitingApproval: false },
    });
    expect(await depositIntent(bookingId)).toEqual({
      status: 'succeeded',
      amount_received_cents: 9_400,
    });
    expect((await claimOf(bookingId)) ?? null).toBeNull();
    const notice = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and message like '%couverts par votre protection%'`,
      [customer.id],
    );
    expect(notice.rows).toHaveLength(1);
  });

  it('waives the damage only with a written reason, and then takes only the kilometres', async () => {
    const { customer, bookingId } = await rentalUnderWay('basic');
    await returnWithDamage(bookingId, 80_000);
    const claim = await claimOf(bookingId);
    const waive = (reason: string) =>
      call(secondAdmin.cookie, 'POST', `/api/v1/admin/damage-claims/${claim.id}/waiver`, {
        reason,
      });
    const silent = await waive(' ');
    expect(silent.statusCode).toBe(400);
    const waived = await waive('Rayure déjà présente sur les photos de la livraison');
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({ status: 'waived', approvedCents: null, settled: true });
    expect((await approve(adminCookie, claim.id, 80_000)).statusCode).toBe(409);
    expect(await depositIntent(bookingId)).toEqual({
      status: 'succeeded',
      amount_received_cents: 9_400,
    });
    expect(await auditActions(bookingId)).toContain('damage_claim.waive');
    const decided = await ctx.db.query<{ message: string }>(
      `select message from notifications where user_id = $1 and title like 'Décision sur les dommages%'`,
      [customer.id],
    );
    expect(decided.rows.map((row) => row.message)).toEqual([
      'Après examen, notre équipe renonce à vous facturer les dommages constatés\u00a0: Rayure déjà présente sur les photos de la livraison',
    ]);
  });

  it('keeps owed what the saved card refuses beyond the deposit, and still ends the rental', async () => {
    const { bookingId } = await rentalUnderWay('none');
    await saveCard(bookingId, '0341');
    await returnWithDamage(bookingId, 400_000, agent.cookie, { odometerKm: 12_500 });
    const claim = await claimOf(bookingId);
    const approved = await approve(secondAdmin.cookie, claim.id, 400_000);
    expect(approved.json()).toMatchObject({ settled: true, unpaidCents: 50_000 });
    const row = await ctx.db.query<{ booking_status: string; balance_due_cents: number }>(
      'select booking_status, balance_due_cents from bookings where id = $1',
      [bookingId],
    );
    expect(row.rows[0]).toEqual({ booking_status: 'completed', balance_due_cents: 50_000 });
  });

  it('refuses an assessed amount without a photographed damage', async () => {
    const { bookingId } = await rentalUnderWay('basic');
    const { answer } = await returnWithDamage(bookingId, 50_000, agent.cookie, { damages: [] });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatchObject({ code: 'damage_photo_required', field: 'damages' });
  });
});

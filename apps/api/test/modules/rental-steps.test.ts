import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityReviewQueue, RentalSteps } from '@vroum/core/rental-steps';
import { signIn, signUpUser } from '../helpers/auth';
import { recordDepositHold } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const {
  driver,
  paidBooking,
  headers,
  uploadFile,
  uploadIdentityFiles,
  steps,
  submit,
  queue,
  decide,
  lastMailText,
  validateIdentity,
  signCurrentContract,
} = rentalSteps(
  // The context exists once beforeAll has run; the helpers read it when called.
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

const handover = async (bookingId: string) => {
  await recordDepositHold(ctx.db, bookingId, 350_000).catch(() => undefined);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/agent/missions/${bookingId}/handover`,
    headers: headers(adminCookie),
    payload: handoverReport,
  });
};

describe('identity check', () => {
  it('shows both steps to do after payment', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const answer = await steps(user.cookie, bookingId);
    expect(answer.json<RentalSteps>()).toMatchObject({
      identity: { state: 'todo', provider: 'builtin' },
      contract: { state: 'todo', provider: 'builtin' },
      ready: false,
    });
  });

  it('asks for every document before the check is sent', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await uploadFile(user, 'id_card', 'front');
    const answer = await submit(user, bookingId);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe(
      'Il manque : permis de conduire (recto), permis de conduire (verso), selfie.',
    );
  });

  it('goes to the team, is rejected with a reason, then validated on a second attempt', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await uploadIdentityFiles(user);
    expect((await submit(user, bookingId)).json()).toMatchObject({ state: 'in_review' });

    const waiting = (await queue()).json<IdentityReviewQueue>();
    const item = waiting.items.find((candidate) => candidate.userId === user.id)!;
    expect(waiting.pendingCount).toBeGreaterThan(0);
    expect(item.files.map((file) => file.label)).toEqual([
      'Pièce d’identité',
      'Permis de conduire (recto)',
      'Permis de conduire (verso)',
      'Selfie',
    ]);
    expect(item.conditions.every((rule) => rule.pass)).toBe(true);

    const rejected = await decide(item.checkId, {
      decision: 'reject',
      reason: 'unreadable',
      note: 'Le verso est flou',
      files: ['licence_back'],
    });
    expect(rejected.statusCode).toBe(204);
    expect((await steps(user.cookie, bookingId)).json()).toMatchObject({
      identity: { state: 'refused', reason: 'Document illisible ou incomplet : Le verso est flou' },
    });
    const profile = await ctx.app.inject({
      url: '/api/v1/me/profile',
      headers: headers(user.cookie),
    });
    expect(profile.json()).toMatchObject({
      accountStatus: 'rejected',
      rejectionReason: 'Document illisible ou incomplet : Le verso est flou',
    });
    expect(await lastMailText(user.email)).toContain('Le verso est flou');
    // A decision already taken is not taken twice.
    expect((await decide(item.checkId, { decision: 'validate' })).statusCode).toBe(409);

    await uploadFile(user, 'driver_license', 'back');
    expect((await submit(user, bookingId)).json()).toMatchObject({ state: 'in_review' });
    const retry = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
    expect((await decide(retry.checkId, { decision: 'validate' })).statusCode).toBe(204);
    expect((await steps(user.cookie, bookingId)).json()).toMatchObject({
      identity: { state: 'done' },
    });
    const validated = await ctx.app.inject({
      url: '/api/v1/me/profile',
      headers: headers(user.cookie),
    });
    expect(validated.json()).toMatchObject({ accountStatus: 'validated' });
    const { rows } = await ctx.db.query<{ verified: boolean }>(
      `select verified from documents where user_id = $1 and document_type = 'driver_license'`,
      [user.id],
    );
    expect(rows.every((row) => row.verified)).toBe(true);
  });

  it('carries a validated identity over to the next booking, with that car’s own rules', async () => {
    const young = driver({ dateOfBirth: '1999-01-01', licenseIssueDate: '2019-01-01' });
    const user = await signUpUser(ctx);
    const first = await paidBooking(user, 'porsche-panamera', young);
    await validateIdentity(user, first);
    const saloon = await paidBooking(user, 'audi-a4', young);
    expect((await steps(user.cookie, saloon)).json()).toMatchObject({
      identity: { state: 'done' },
    });
    // 27 years old with a 7-year licence: not enough for a Super Car (30 years old).
    const supercar = await paidBooking(user, 'mclaren-720s', young);
    const answer = (await steps(user.cookie, supercar)).json<RentalSteps>();
    expect(answer.identity.state).toBe('refused');
    expect(answer.identity.reason).toMatch(/30 ans minimum/);
  });

  it('shows the team, rule by rule, whether the driver may take the booked car', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(
      user,
      'ferrari-f8-spider',
      driver({ dateOfBirth: '1998-05-01', licenseIssueDate: '2017-01-01' }),
    );
    await uploadIdentityFiles(user);
    await submit(user, bookingId);
    const item = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
    expect(item.conditions).toEqual([
      expect.objectContaining({
        label: 'Âge au début de la location',
        pass: false,
        required: '30 ans minimum',
      }),
      expect.objectContaining({ label: 'Ancienneté du permis', pass: true }),
    ]);
  });
});

describe('who reaches what', () => {
  it('keeps a customer away from another customer’s steps, contract and review queue', async () => {
    const owner = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const bookingId = await paidBooking(owner);
    for (const url of [
      `/api/v1/bookings/${bookingId}/steps`,
      `/api/v1/bookings/${bookingId}/contract`,
      `/api/v1/bookings/${bookingId}/contract/document`,
    ]) {
      expect((await ctx.app.inject({ url, headers: headers(stranger.cookie) })).statusCode).toBe(
        404,
      );
    }
    expect((await submit(stranger, bookingId)).statusCode).toBe(404);
    const queueAsCustomer = await ctx.app.inject({
      url: '/api/v1/admin/identity-checks',
      headers: headers(stranger.cookie),
    });
    expect(queueAsCustomer.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ url: `/api/v1/bookings/${bookingId}/steps` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes every look of an administrator at a customer’s document to the audit log', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await uploadIdentityFiles(user);
    await submit(user, bookingId);
    const item = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
    const file = await ctx.app.inject({ url: item.files[0]!.url, headers: headers(adminCookie) });
    expect(file.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ count: number }>(
      `select count(*)::int as count from audit_log where action = 'document.view' and entity_id = $1`,
      [item.files[0]!.id],
    );
    expect(rows[0]?.count).toBe(1);
  });
});

describe('contract', () => {
  it('is a PDF prefilled from the booking, signed with the e-mailed code and sealed', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const contract = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/contract`,
      headers: headers(user.cookie),
    });
    expect(contract.json()).toMatchObject({ version: 1, status: 'draft' });
    const pdf = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/contract/document`,
      headers: headers(user.cookie),
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await signCurrentContract(user, bookingId);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'signed', version: 1 });
    expect((await steps(user.cookie, bookingId)).json()).toMatchObject({
      contract: { state: 'done', version: 1 },
    });

    const sealed = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/contract/document?signed=true`,
      headers: headers(user.cookie),
    });
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(sealed.rawPayload).digest('hex')).toBe(
      signed.json().signedSha256,
    );
    const integrity = await ctx.app.inject({
      url: `/api/v1/admin/bookings/${bookingId}/contract/integrity`,
      headers: headers(adminCookie),
    });
    expect(integrity.json()).toMatchObject({ intact: true });
  });

  it('detects a changed byte in the stored signed contract', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await signCurrentContract(user, bookingId);
    const key = `contracts/${bookingId}/v1-signed.pdf`;
    const stored = (await ctx.app.storage.get(key))!;
    const bytes = Buffer.isBuffer(stored.body) ? Buffer.from(stored.body) : Buffer.alloc(0);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20]! + 1) % 256;
    await ctx.app.storage.put(key, bytes, 'application/pdf');
    const integrity = await ctx.app.inject({
      url: `/api/v1/admin/bookings/${bookingId}/contract/integrity`,
      headers: headers(adminCookie),
    });
    expect(integrity.json()).toMatchObject({ intact: false });
  });

  it('refuses a wrong code, and makes a new version to sign when the terms change', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/contract/code`,
      headers: headers(user.cookie),
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/contract/sign`,
      headers: headers(user.cookie),
      payload: {
        version: 1,
        consent: true,
        code: '000000',
        signature: { kind: 'typed', text: 'C M' },
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await signCurrentContract(user, bookingId)).statusCode).toBe(200);

    await ctx.db.query(`update bookings set return_location = 'Agence' where id = $1`, [bookingId]);
    expect((await steps(user.cookie, bookingId)).json()).toMatchObject({
      contract: { state: 'todo', version: 1 },
    });
    const again = await signCurrentContract(user, bookingId);
    expect(again.json()).toMatchObject({ status: 'signed', version: 2 });
  });
});

describe('handover gate', () => {
  it('refuses to hand the car over until identity and contract are both done', async () => {
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    const blocked = await handover(bookingId);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(
      'Remise du véhicule impossible : la vérification d’identité n’est pas validée et le contrat en vigueur n’est pas signé.',
    );
    await validateIdentity(user, bookingId);
    expect((await handover(bookingId)).json().error.message).toBe(
      'Remise du véhicule impossible : le contrat en vigueur n’est pas signé.',
    );
    await signCurrentContract(user, bookingId);
    const done = await handover(bookingId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ bookingStatus: 'active' });
    const { rows } = await ctx.db.query<{ booking_status: string }>(
      'select booking_status from bookings where id = $1',
      [bookingId],
    );
    expect(rows[0]?.booking_status).toBe('active');
  });
});

describe('reminders and retention', () => {
  it('reminds the customer once within 72 h of delivery and flags the booking at 24 h', async () => {
    const { remindMissingSteps } = await import('../../src/modules/bookings/rental-steps.jobs');
    const { rentalStepsDeps } = await import('../../src/modules/bookings/booking-ops-deps');
    const deps = rentalStepsDeps(ctx.app, ctx.app.log);
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await ctx.db.query(
      `update bookings set pickup_date = now() + interval '20 hours',
         return_date = now() + interval '68 hours' where id = $1`,
      [bookingId],
    );
    await remindMissingSteps(deps);
    await remindMissingSteps(deps);
    const { rows } = await ctx.db.query<{ subject: string }>(
      `select subject from email_outbox where to_address = $1 and subject like 'Livraison%'`,
      [user.email],
    );
    expect(rows.map((row) => row.subject).sort()).toEqual([
      'Livraison dans moins de 24 h : il reste une étape',
      'Livraison dans moins de 72 h : il reste une étape',
    ]);
    const flagged = await ctx.db.query<{ flagged: boolean }>(
      'select steps_flagged_at is not null as flagged from bookings where id = $1',
      [bookingId],
    );
    expect(flagged.rows[0]?.flagged).toBe(true);
    const { rows: refs } = await ctx.db.query<{ reference: string }>(
      'select reference from bookings where id = $1',
      [bookingId],
    );
    const list = await ctx.app.inject({
      url: `/api/v1/admin/bookings?q=${refs[0]!.reference}`,
      headers: headers(adminCookie),
    });
    expect(list.json().bookings[0]).toMatchObject({ id: bookingId, stepsFlagged: true });
  });

  it('deletes identity images 30 days after the last rental ended, keeping the outcome', async () => {
    const { redactEndedIdentityChecks } =
      await import('../../src/modules/identity/identity-retention');
    const user = await signUpUser(ctx);
    const bookingId = await paidBooking(user);
    await validateIdentity(user, bookingId);
    await redactEndedIdentityChecks(ctx.app);
    const count = () =>
      ctx.db.query<{ count: number }>(
        `select count(*)::int as count from documents where user_id = $1`,
        [user.id],
      );
    expect((await count()).rows[0]?.count).toBe(4);
    await ctx.db.query(
      `update bookings set booking_status = 'completed', pickup_date = now() - interval '40 days',
         return_date = now() - interval '31 days' where id = $1`,
      [bookingId],
    );
    await redactEndedIdentityChecks(ctx.app);
    expect((await count()).rows[0]?.count).toBe(0);
    const { rows } = await ctx.db.query<{ status: string; redacted: boolean }>(
      `select status, redacted_at is not null as redacted from identity_checks where user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ status: 'verified', redacted: true }]);
  });
});

import type { Mission, MissionDetail } from '@vroum/core/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { recordDepositHold } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { makeJpeg, makePng } from '../helpers/sample-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let alice: SignedInUser;
let bruno: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  alice = await signUpUser(ctx, 'alice.agent@example.fr');
  bruno = await signUpUser(ctx, 'bruno.agent@example.fr');
  for (const agent of [alice, bruno]) {
    const added = await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
    expect(added.statusCode, added.body).toBe(200);
  }
});
afterAll(() => ctx.close());

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

function call(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: ctx.config.site.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A paid booking whose identity and contract are done, delivering in two days. */
async function readyBooking(): Promise<{ customer: SignedInUser; bookingId: string }> {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  await rental.validateIdentity(customer, bookingId);
  expect((await rental.signCurrentContract(customer, bookingId)).statusCode).toBe(200);
  return { customer, bookingId };
}

const assign = (bookingId: string, agent: SignedInUser | null, kind = 'delivery') =>
  call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
    kind,
    agentId: agent?.id ?? null,
  });

const putPhoto = (
  cookie: string,
  bookingId: string,
  photoId: string,
  body: Buffer,
  type = 'image/png',
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/agent/missions/${bookingId}/delivery/photos/${photoId}`,
    headers: { cookie, origin: ctx.config.site.publicUrl, 'content-type': type },
    payload: body,
  });

describe('agents and the planning', () => {
  it('lists the agents; an e-mail without an account is refused in French', async () => {
    const list = await call(adminCookie, 'GET', '/api/v1/admin/agents');
    expect(list.json().agents.map((agent: { email: string }) => agent.email)).toEqual(
      expect.arrayContaining([alice.email, bruno.email]),
    );
    const unknown = await call(adminCookie, 'POST', '/api/v1/admin/agents', {
      email: 'personne@example.fr',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'Aucun compte n’utilise cette adresse e-mail : la personne doit d’abord créer son compte.',
    );
    const asAgent = await call(alice.cookie, 'GET', '/api/v1/admin/agents');
    expect(asAgent.statusCode).toBe(403);
    const customer = await signUpUser(ctx);
    expect((await call(customer.cookie, 'GET', '/api/v1/agent/missions')).statusCode).toBe(403);
  });

  it('shows deliveries and returns in time order with their state and assignee', async () => {
    const { bookingId } = await readyBooking();
    expect((await assign(bookingId, alice)).json()).toMatchObject({
      agent: { id: alice.id },
      kind: 'delivery',
    });
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
    const planning = await call(
      adminCookie,
      'GET',
      `/api/v1/admin/planning?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(planning.statusCode, planning.body).toBe(200);
    const missions = planning.json<{ missions: Mission[] }>().missions;
    const times = missions.map((mission) => mission.at);
    expect(times).toEqual([...times].sort());
    const ours = missions.filter((mission) => mission.bookingId === bookingId);
    expect(ours.map((mission) => mission.kind)).toEqual(['delivery', 'return']);
    expect(ours[0]).toMatchObject({
      identityState: 'done',
      contractState: 'done',
      customerPhone: '+33 6 12 34 56 78',
      agent: { email: alice.email },
      status: 'planned',
    });
    expect(ours[1]).toMatchObject({ agent: null });
  });

  it('refuses to assign a mission to someone who is not an agent', async () => {
    const { bookingId } = await readyBooking();
    const customer = await signUpUser(ctx);
    const refused = await assign(bookingId, customer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Cette personne n’est pas un agent.');
  });
});

describe('an agent and their missions', () => {
  it('sees only the missions assigned to them; another agent’s is a 404 everywhere', async () => {
    const { bookingId } = await readyBooking();
    await assign(bookingId, alice);
    await rental.paidBooking(await signUpUser(ctx));
    const mine = await call(alice.cookie, 'GET', '/api/v1/agent/missions');
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = mine.json<{ missions: Mission[] }>().missions.map((mission) => mission.bookingId);
    expect(ids).toContain(bookingId);
    const theirs = await call(bruno.cookie, 'GET', '/api/v1/agent/missions');
    expect(
      theirs.json<{ missions: Mission[] }>().missions.map((mission) => mission.bookingId),
    ).not.toContain(bookingId);
    const url = `/api/v1/agent/missions/${bookingId}/delivery`;
    expect((await call(bruno.cookie, 'GET', url)).statusCode).toBe(404);
    expect(
      (await call(bruno.cookie, 'POST', `${url}/progress`, { status: 'en_route' })).statusCode,
    ).toBe(404);
    expect(
      (await putPhoto(bruno.cookie, bookingId, '4b8f3c1e-0000-4000-8000-000000000001', makePng()))
        .statusCode,
    ).toBe(404);
    const handover = await call(
      bruno.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      handoverReport,
    );
    expect(handover.statusCode).toBe(404);
    expect(
      (await call(bruno.cookie, 'GET', `/api/v1/bookings/${bookingId}/inspections/handover/report`))
        .statusCode,
    ).toBe(404);

    const detail = await call(alice.cookie, 'GET', url);
    expect(detail.json<MissionDetail>()).toMatchObject({
      driver: { firstName: 'Camille', lastName: 'Martin', licenseNumber: '12AB34567' },
      handover: null,
    });
  });

  it('sets off: the customer is told the car is on its way', async () => {
    const { customer, bookingId } = await readyBooking();
    await assign(bookingId, alice);
    const off = await call(
      alice.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/delivery/progress`,
      {
        status: 'en_route',
      },
    );
    expect(off.json()).toMatchObject({ status: 'en_route' });
    const notice = await ctx.db.query<{ title: string }>(
      'select title from notifications where user_id = $1 order by created_at desc limit 1',
      [customer.id],
    );
    expect(notice.rows[0]?.title).toBe('Votre véhicule est en route');
  });
});

describe('the handover', () => {
  it('needs the deposit held on the card, as well as identity and contract', async () => {
    const { bookingId } = await readyBooking();
    await assign(bookingId, alice);
    const blocked = await call(
      alice.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      handoverReport,
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(
      'Remise du véhicule impossible : la caution n’est pas retenue sur la carte.',
    );
    const status = await ctx.db.query<{ booking_status: string }>(
      'select booking_status from bookings where id = $1',
      [bookingId],
    );
    expect(status.rows[0]?.booking_status).toBe('confirmed');
  });

  it('records the photos (resent after a drop without doubling), the signed report, and starts the rental', async () => {
    const { customer, bookingId } = await readyBooking();
    await assign(bookingId, alice);
    await recordDepositHold(ctx.db, bookingId, 350_000);
    const photoId = '4b8f3c1e-0000-4000-8000-0000000000aa';
    expect((await putPhoto(alice.cookie, bookingId, photoId, makePng())).statusCode).toBe(204);
    expect((await putPhoto(alice.cookie, bookingId, photoId, makePng())).statusCode).toBe(204);
    const notAnImage = await putPhoto(
      alice.cookie,
      bookingId,
      photoId,
      Buffer.from('bonjour'),
      'image/jpeg',
    );
    expect(notAnImage.statusCode).toBe(415);
    const photos = await ctx.db.query('select id from inspection_photos where booking_id = $1', [
      bookingId,
    ]);
    expect(photos.rows).toHaveLength(1);

    const missingPhoto = await call(
      alice.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      {
        ...handoverReport,
        damages: [
          {
            zone: 'front-left',
            note: 'Rayure',
            photoIds: ['4b8f3c1e-0000-4000-8000-0000000000bb'],
          },
        ],
      },
    );
    expect(missingPhoto.statusCode).toBe(422);

    // The phone compresses its photos to JPEG.
    const jpegId = '4b8f3c1e-0000-4000-8000-0000000000ab';
    expect(
      (await putPhoto(alice.cookie, bookingId, jpegId, makeJpeg(), 'image/jpeg')).statusCode,
    ).toBe(204);
    const report = {
      ...handoverReport,
      damages: [
        { zone: 'front-left', note: 'Rayure de 3 cm sur l’aile', photoIds: [photoId, jpegId] },
      ],
    };
    const done = await call(
      alice.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      report,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ bookingStatus: 'active' });
    const again = await call(
      alice.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/handover`,
      report,
    );
    expect(again.json()).toMatchObject({ bookingStatus: 'active' });

    const row = await ctx.db.query<{ booking_status: string; delivery_status: string }>(
      'select booking_status, delivery_status from bookings where id = $1',
      [bookingId],
    );
    expect(row.rows[0]).toEqual({ booking_status: 'active', delivery_status: 'delivered' });
    const inspections = await ctx.db.query<{ odometer_km: number; report_sha256: string }>(
      'select odometer_km, report_sha256 from inspections where booking_id = $1',
      [bookingId],
    );
    expect(inspections.rows).toHaveLength(1);

    const pdf = await call(customer.cookie, 'GET', done.json().reportUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(
      inspections.rows[0]!.report_sha256,
    );
    const photo = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId}`,
    );
    // Every photo is kept as an upright JPEG without metadata, whatever the phone sent.
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const mail = await rental.lastMailText(customer.email);
    expect(mail).toContain('procès-verbal de livraison');
  });
});

describe('photo retention', () => {
  it('deletes the photos a year after the rental ended and keeps recent ones', async () => {
    const { purgeExpiredInspectionPhotos } =
      await import('../../src/modules/operations/inspections.jobs');
    const { bookingId } = await readyBooking();
    await assign(bookingId, alice);
    const oldPhoto = '4b8f3c1e-0000-4000-8000-0000000000c1';
    expect((await putPhoto(alice.cookie, bookingId, oldPhoto, makePng())).statusCode).toBe(204);
    const { rows } = await ctx.db.query<{ storage_key: string }>(
      'select storage_key from inspection_photos where id = $1',
      [oldPhoto],
    );
    await ctx.db.query(
      `update bookings set booking_status = 'cancelled',
         pickup_date = now() - interval '400 days', return_date = now() - interval '398 days'
       where id = $1`,
      [bookingId],
    );
    expect(await purgeExpiredInspectionPhotos(ctx.app)).toBe(1);
    expect(await ctx.app.storage.get(rows[0]!.storage_key)).toBeNull();
    expect(await purgeExpiredInspectionPhotos(ctx.app)).toBe(0);
  });
});

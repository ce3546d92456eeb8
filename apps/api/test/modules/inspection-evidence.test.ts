import type { ReturnReport } from '@vroum/core/operations';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { recordDepositHold, recordRentalPayment } from '../helpers/factories';
import { handoverReport } from '../helpers/operations';
import { rentalSteps } from '../helpers/rental';
import { makePhoto } from '../helpers/sample-photos';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adminCookie: string;
let agent: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  agent = await signUpUser(ctx, 'agent.preuves@example.fr');
  const added = await call(adminCookie, 'POST', '/api/v1/admin/agents', { email: agent.email });
  expect(added.statusCode, added.body).toBe(200);
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

const putPhoto = (
  bookingId: string,
  photoId: string,
  body: Buffer,
  kind: 'delivery' | 'return' = 'delivery',
  type = 'image/jpeg',
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/agent/missions/${bookingId}/${kind}/photos/${photoId}`,
    headers: { cookie: agent.cookie, origin: ctx.config.site.publicUrl, 'content-type': type },
    payload: body,
  });

const photoId = (n: number) => `5c9e2d10-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A booking ready to be handed over by the agent: identity, contract, deposit hold. */
async function readyBooking(): Promise<{ customer: SignedInUser; bookingId: string }> {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  await rental.validateIdentity(customer, bookingId);
  expect((await rental.signCurrentContract(customer, bookingId)).statusCode).toBe(200);
  await recordRentalPayment(ctx.db, bookingId, 74_700);
  await recordDepositHold(ctx.db, bookingId, 350_000);
  for (const kind of ['delivery', 'return']) {
    await call(adminCookie, 'PUT', `/api/v1/admin/bookings/${bookingId}/assignment`, {
      kind,
      agentId: agent.id,
    });
  }
  return { customer, bookingId };
}

const handover = (bookingId: string, report: Record<string, unknown> = handoverReport) =>
  call(agent.cookie, 'POST', `/api/v1/agent/missions/${bookingId}/handover`, report);

const returnReport = (overrides: Partial<ReturnReport> = {}): ReturnReport => {
  const rest: Partial<typeof handoverReport> = { ...handoverReport };
  delete rest.identityChecked;
  return {
    ...(rest as ReturnReport),
    odometerKm: handoverReport.odometerKm + 300,
    atAgency: false,
    damageCents: 0,
    chargeNote: '',
    ...overrides,
  };
};

const withDamage = (ids: string[]) => ({
  damages: [{ zone: 'front-left' as const, note: 'Rayure de 3 cm sur l’aile', photoIds: ids }],
});

/** A file that begins as a JPEG does (its first marker) and then is not one. */
const notReallyAJpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('pas une photo '.repeat(40))]);

describe('the photos of a signed inspection', () => {
  it('cannot be replaced nor added to once the handover is signed: the photo served is the one sealed', async () => {
    const { customer, bookingId } = await readyBooking();
    const photo = await makePhoto({ width: 320, height: 240 });
    expect((await putPhoto(bookingId, photoId(1), photo)).statusCode).toBe(204);
    const done = await handover(bookingId, { ...handoverReport, ...withDamage([photoId(1)]) });
    expect(done.statusCode, done.body).toBe(200);
    const served = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId(1)}`,
    );
    expect(served.statusCode).toBe(200);

    const other = await makePhoto({ width: 320, height: 240, colors: ['#2a9d8f', '#e9c46a'] });
    const replaced = await putPhoto(bookingId, photoId(1), other);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().error).toMatchObject({
      code: 'inspection_sealed',
      message:
        'L’état des lieux est signé : ses photos ne peuvent plus être ajoutées ni remplacées.',
    });
    const added = await putPhoto(bookingId, photoId(2), other);
    expect(added.statusCode).toBe(409);
    expect(added.json().error.code).toBe('inspection_sealed');
    // The phone resending the same photo after a drop changes nothing and is not an error.
    expect((await putPhoto(bookingId, photoId(1), photo)).statusCode).toBe(204);

    const after = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId(1)}`,
    );
    expect(after.rawPayload.equals(served.rawPayload)).toBe(true);
    const pdf = await call(customer.cookie, 'GET', done.json().reportUrl);
    // The report embeds the photo's JPEG as it is: the file served is the one sealed.
    expect(pdf.rawPayload.indexOf(served.rawPayload)).toBeGreaterThan(0);
    const rows = await ctx.db.query('select id from inspection_photos where booking_id = $1', [
      bookingId,
    ]);
    expect(rows.rows).toHaveLength(1);
  });

  it('keeps what a photo id first received: another content under the same id is refused', async () => {
    const { bookingId } = await readyBooking();
    const photo = await makePhoto({ width: 320, height: 240 });
    expect((await putPhoto(bookingId, photoId(3), photo)).statusCode).toBe(204);
    const other = await makePhoto({ width: 320, height: 240, colors: ['#264653', '#f4a261'] });
    const replaced = await putPhoto(bookingId, photoId(3), other);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().error).toMatchObject({
      code: 'photo_conflict',
      message: 'Une autre photo a déjà été reçue sous ce numéro : reprenez la photo.',
    });
  });

  it('cannot be added once the return is recorded, nor on the mission of a cancelled booking', async () => {
    const { bookingId } = await readyBooking();
    expect((await handover(bookingId)).statusCode).toBe(200);
    const photo = await makePhoto({ width: 320, height: 240 });
    expect((await putPhoto(bookingId, photoId(4), photo, 'return')).statusCode).toBe(204);
    const returned = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport(withDamage([photoId(4)])),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    const late = await putPhoto(bookingId, photoId(5), photo, 'return');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('inspection_sealed');

    const cancelled = await readyBooking();
    await ctx.db.query(`update bookings set booking_status = 'cancelled' where id = $1`, [
      cancelled.bookingId,
    ]);
    const closed = await putPhoto(cancelled.bookingId, photoId(6), photo);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({
      code: 'mission_closed',
      message: 'Cette mission n’est plus à faire : elle ne reçoit plus de photo.',
    });
  });

  it('sent while the handover is being recorded, land before it or are refused: never a server error', async () => {
    const { bookingId } = await readyBooking();
    const photo = await makePhoto({ width: 320, height: 240 });
    expect((await putPhoto(bookingId, photoId(20), photo)).statusCode).toBe(204);
    const [recorded, ...uploads] = await Promise.all([
      handover(bookingId, { ...handoverReport, ...withDamage([photoId(20)]) }),
      ...[21, 22, 23, 24, 25].map((n) => putPhoto(bookingId, photoId(n), photo)),
    ]);
    expect(recorded.statusCode, recorded.body).toBe(200);
    for (const upload of uploads) expect([204, 409]).toContain(upload.statusCode);
    const kept = await ctx.db.query('select id from inspection_photos where booking_id = $1', [
      bookingId,
    ]);
    expect(kept.rows).toHaveLength(1 + uploads.filter((u) => u.statusCode === 204).length);
    expect((await putPhoto(bookingId, photoId(26), photo)).statusCode).toBe(409);
  });

  it('are 40 at most for one inspection, refused in French beyond', async () => {
    const { bookingId } = await readyBooking();
    const photo = await makePhoto({ width: 64, height: 48 });
    for (let n = 100; n < 140; n += 1) {
      expect((await putPhoto(bookingId, photoId(n), photo)).statusCode).toBe(204);
    }
    const beyond = await putPhoto(bookingId, photoId(140), photo);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error).toMatchObject({
      code: 'too_many_photos',
      message: 'Cet état des lieux a déjà 40 photos : c’est le maximum.',
    });
    // A photo already received is still answered as received.
    expect((await putPhoto(bookingId, photoId(100), photo)).statusCode).toBe(204);
  });
});

describe('images that do not decode', () => {
  it('refuses at upload a photo that starts like a JPEG but is not one, in French', async () => {
    const { bookingId } = await readyBooking();
    const bad = await putPhoto(bookingId, photoId(7), notReallyAJpeg());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'unreadable_photo',
      message: 'Cette photo est illisible ou endommagée : reprenez-la.',
    });
    const truncated = await makePhoto({ width: 640, height: 480 });
    const cut = await putPhoto(bookingId, photoId(8), truncated.subarray(0, truncated.length / 2));
    expect(cut.statusCode).toBe(400);
    const rows = await ctx.db.query('select id from inspection_photos where booking_id = $1', [
      bookingId,
    ]);
    expect(rows.rows).toEqual([]);
  });

  it('keeps a photo upright and drops its metadata (the GPS position of the shot)', async () => {
    const { customer, bookingId } = await readyBooking();
    // A phone's photo stored sideways: 64 × 32 pixels with the tag « turn a quarter to the right ».
    const sideways = await sharp({
      create: { width: 64, height: 32, channels: 3, background: '#1d3557' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await putPhoto(bookingId, photoId(9), sideways)).statusCode).toBe(204);
    const png = await makePhoto({ width: 80, height: 60, format: 'png' });
    expect((await putPhoto(bookingId, photoId(10), png, 'delivery', 'image/png')).statusCode).toBe(
      204,
    );
    const served = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId(9)}`,
    );
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 32, height: 64 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    const fromPng = await call(
      customer.cookie,
      'GET',
      `/api/v1/bookings/${bookingId}/inspections/photos/${photoId(10)}`,
    );
    expect(await sharp(fromPng.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 80,
      height: 60,
    });
  });

  it('refuses a drawn signature that is base64 but not a PNG, at the handover and the return', async () => {
    const { bookingId } = await readyBooking();
    const notPng = `data:image/png;base64,${Buffer.from('ceci n’est pas une signature').toString('base64')}`;
    const refused = await handover(bookingId, { ...handoverReport, signature: notPng });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'signature_invalid',
      message: 'La signature n’a pas pu être lue : faites signer le client à nouveau.',
      field: 'signature',
    });
    // A PNG cut short: the PDF library would loop on it for ever.
    const drawing = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const cut = `data:image/png;base64,${drawing.subarray(0, Math.floor(drawing.length * 0.6)).toString('base64')}`;
    const cutRefused = await handover(bookingId, { ...handoverReport, signature: cut });
    expect(cutRefused.statusCode).toBe(400);
    expect(cutRefused.json().error.code).toBe('signature_invalid');
    const status = await ctx.db.query<{ booking_status: string }>(
      'select booking_status from bookings where id = $1',
      [bookingId],
    );
    expect(status.rows[0]?.booking_status).toBe('confirmed');

    expect((await handover(bookingId)).statusCode).toBe(200);
    const refusedReturn = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport({ signature: notPng }),
    );
    expect(refusedReturn.statusCode).toBe(400);
    expect(refusedReturn.json().error.code).toBe('signature_invalid');
    const cutReturn = await call(
      agent.cookie,
      'POST',
      `/api/v1/agent/missions/${bookingId}/return`,
      returnReport({ signature: cut }),
    );
    expect(cutReturn.statusCode).toBe(400);
  });

  it('answers a French 4xx, not a 500, when a photo stored before these checks cannot be printed', async () => {
    const { bookingId } = await readyBooking();
    const storageKey = `inspections/${bookingId}/handover/${photoId(11)}.jpg`;
    await ctx.app.storage.put(storageKey, notReallyAJpeg(), 'image/jpeg');
    await ctx.db.query(
      `insert into inspection_photos (id, booking_id, kind, storage_key, content_type, size_bytes, uploaded_by)
       values ($1, $2, 'handover', $3, 'image/jpeg', 100, $4)`,
      [photoId(11), bookingId, storageKey, agent.id],
    );
    const refused = await handover(bookingId, {
      ...handoverReport,
      ...withDamage([photoId(11)]),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'photo_unreadable',
      message:
        'Une photo de l’état des lieux est illisible : reprenez-la puis enregistrez à nouveau.',
      field: 'damages',
    });
  });
});

describe('the contract’s drawn signature', () => {
  it('refuses in French a drawn signature whose PNG is cut short (it used to hold the server)', async () => {
    const customer = await signUpUser(ctx);
    const bookingId = await rental.paidBooking(customer);
    const code = await call(customer.cookie, 'POST', `/api/v1/bookings/${bookingId}/contract/code`);
    expect(code.statusCode, code.body).toBe(200);
    const mailed = (await rental.lastMailText(customer.email)).match(/\b(\d{6})\b/)![1]!;
    const drawing = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const cut = drawing.subarray(0, Math.floor(drawing.length * 0.6));
    // From an address of its own: the other tests of the file sign contracts too, and signing
    // is limited per address.
    const sign = (png: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${bookingId}/contract/sign`,
        remoteAddress: '203.0.113.33',
        headers: { cookie: customer.cookie, origin: ctx.config.site.publicUrl },
        payload: {
          version: code.json().version,
          consent: true,
          code: mailed,
          signature: { kind: 'drawn', png: `data:image/png;base64,${png.toString('base64')}` },
        },
      });
    const refused = await sign(cut);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'signature_invalid',
      field: 'signature',
    });
    const signed = await sign(drawing);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'signed' });
  });
});

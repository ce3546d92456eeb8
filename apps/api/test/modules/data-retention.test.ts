import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactEndedIdentityChecks } from '../../src/modules/identity/identity-retention';
import { purgeExpiredInspectionPhotos } from '../../src/modules/operations/inspections.jobs';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { makeJpeg, makePdf } from '../helpers/sample-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(() => ctx.close());

const DAY = 86_400_000;
let slot = 0;

/** A booking of the user whose rental ended `daysAgo` days ago (or is to come if negative). */
async function rentalEnded(
  user: SignedInUser,
  daysAgo: number,
  status: 'completed' | 'confirmed' = 'completed',
) {
  // Each booking has its own car time, far from the others: the cars' overlap rule holds.
  slot += 10;
  const end = Date.now() - daysAgo * DAY + slot * 1000;
  return createBooking(ctx.db, {
    userId: user.id,
    vehicleId: await findVehicleId(ctx.db, 'audi-a4'),
    start: new Date(end - 2 * DAY).toISOString(),
    end: new Date(end).toISOString(),
    status,
  });
}

/** An identity document sent `daysAgo` days ago, its file in the storage. */
async function identityDocument(user: SignedInUser, daysAgo: number) {
  const key = `${user.id}/id_card_${randomUUID()}.pdf`;
  const pdf = makePdf();
  await ctx.app.storage.put(key, pdf, 'application/pdf');
  await ctx.db.query(
    `insert into documents (user_id, document_type, file_name, storage_key, content_type,
       size_bytes, uploaded_at, side)
     values ($1, 'id_card', 'cni.pdf', $2, 'application/pdf', $3,
       now() - make_interval(days => $4), 'front')`,
    [user.id, key, pdf.length, daysAgo],
  );
  return key;
}

const documentsLeft = async (user: SignedInUser) =>
  (
    await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from documents where user_id = $1',
      [user.id],
    )
  ).rows[0]!.n;

/** A return photo and the sealed return report of the booking, files in the storage. */
async function inspectedReturn(bookingId: string) {
  const photoKey = `inspections/${bookingId}/return/${randomUUID()}.jpg`;
  await ctx.app.storage.put(photoKey, makeJpeg(), 'image/jpeg');
  const photoId = randomUUID();
  await ctx.db.query(
    `insert into inspection_photos (id, booking_id, kind, storage_key, content_type, size_bytes)
     values ($1, $2, 'return', $3, 'image/jpeg', 100)`,
    [photoId, bookingId, photoKey],
  );
  const reportKey = `inspections/${bookingId}/return-report.pdf`;
  await ctx.app.storage.put(reportKey, makePdf('Procès-verbal'), 'application/pdf');
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into inspections (booking_id, kind, odometer_km, fuel_percent, keys_count,
       identity_checked, signer_name, report_key, report_sha256)
     values ($1, 'return', 12000, 80, 2, true, 'Camille Martin', $2, 'abc') returning id`,
    [bookingId, reportKey],
  );
  return { bookingId, photoId, photoKey, reportKey, inspectionId: rows[0]!.id };
}

describe('identity documents’ retention', () => {
  it('deletes documents 30 days old of a customer with nothing under way, and only those', async () => {
    const idle = await signUpUser(ctx);
    await rentalEnded(idle, 45);
    const oldKey = await identityDocument(idle, 40);
    const recentKey = await identityDocument(idle, 5);
    const renting = await signUpUser(ctx);
    await rentalEnded(renting, -20, 'confirmed');
    const keptKey = await identityDocument(renting, 40);
    const neverRented = await signUpUser(ctx);
    const unusedKey = await identityDocument(neverRented, 31);

    await redactEndedIdentityChecks(ctx.app);

    expect(await ctx.app.storage.get(oldKey)).toBeNull();
    expect(await ctx.app.storage.get(unusedKey)).toBeNull();
    expect(await ctx.app.storage.get(recentKey)).not.toBeNull();
    expect(await ctx.app.storage.get(keptKey)).not.toBeNull();
    expect(await documentsLeft(idle)).toBe(1);
    expect(await documentsLeft(renting)).toBe(1);
    expect(await documentsLeft(neverRented)).toBe(0);
  });

  it('keeps them while a dispute of a past rental is open', async () => {
    const contesting = await signUpUser(ctx);
    const bookingId = await rentalEnded(contesting, 60);
    await ctx.db.query(
      `insert into return_disputes (booking_id, user_id, reason, contested_cents)
       values ($1, $2, 'Les rayures étaient déjà là', 15000)`,
      [bookingId, contesting.id],
    );
    const key = await identityDocument(contesting, 50);
    await redactEndedIdentityChecks(ctx.app);
    expect(await ctx.app.storage.get(key)).not.toBeNull();
  });
});

describe('inspection photos’ retention', () => {
  it('deletes expired photos once, keeps the sealed report and records the deletion', async () => {
    const customer = await signUpUser(ctx);
    const expired = await inspectedReturn(await rentalEnded(customer, 400));
    const recent = await inspectedReturn(await rentalEnded(customer, 200));
    const disputedBooking = await rentalEnded(customer, 500);
    const disputed = await inspectedReturn(disputedBooking);
    await ctx.db.query(
      `insert into return_disputes (booking_id, user_id, reason, contested_cents)
       values ($1, $2, 'Le plein était fait', 9000)`,
      [disputedBooking, customer.id],
    );

    expect(await purgeExpiredInspectionPhotos(ctx.app)).toBe(1);
    expect(await ctx.app.storage.get(expired.photoKey)).toBeNull();
    expect(await ctx.app.storage.get(expired.reportKey)).not.toBeNull();
    expect(await ctx.app.storage.get(recent.photoKey)).not.toBeNull();
    expect(await ctx.app.storage.get(disputed.photoKey)).not.toBeNull();

    const marked = await ctx.db.query<{ id: string; deleted: boolean }>(
      `select id, photos_deleted_at is not null as deleted from inspections
        where id = any($1::uuid[]) order by id`,
      [[expired.inspectionId, recent.inspectionId, disputed.inspectionId]],
    );
    expect(Object.fromEntries(marked.rows.map((row) => [row.id, row.deleted]))).toEqual({
      [expired.inspectionId]: true,
      [recent.inspectionId]: false,
      [disputed.inspectionId]: false,
    });

    // The customer asking for the photo is told why it is gone; a kept one is still served.
    const photo = (of: { bookingId: string; photoId: string }) =>
      ctx.app.inject({
        url: `/api/v1/bookings/${of.bookingId}/inspections/photos/${of.photoId}`,
        headers: { cookie: customer.cookie, origin: ctx.config.site.publicUrl },
      });
    const gone = await photo(expired);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toContain('fin de leur durée de conservation');
    expect((await photo(recent)).statusCode).toBe(200);

    // A second round finds nothing more to delete and records nothing twice.
    expect(await purgeExpiredInspectionPhotos(ctx.app)).toBe(0);
    const audit = await ctx.db.query<{ after: Record<string, string> }>(
      `select after from audit_log where action = 'inspection.photos_deleted' and entity_id = $1`,
      [expired.inspectionId],
    );
    expect(audit.rows).toEqual([{ after: expect.objectContaining({ reason: 'retention' }) }]);
  });
});

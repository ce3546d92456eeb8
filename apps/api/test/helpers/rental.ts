import { expect } from 'vitest';
import type { IdentityReviewQueue } from '@vroum/core/rental-steps';
import type { SignedInUser } from './auth';
import { createBooking, findVehicleId } from './factories';
import { makePdf, makePng } from './sample-files';
import type { TestContext } from './test-app';

/**
 * The after-payment steps done through the API, as a customer and the team would: a paid
 * booking with its driver, the identity documents sent and validated, the contract signed.
 */
export function rentalSteps(ctx: TestContext, adminCookie: () => string) {
  let daySeed = 30;
  const driver = (overrides: Record<string, string> = {}) => ({
    firstName: 'Camille',
    lastName: 'Martin',
    dateOfBirth: '1985-03-12',
    licenseNumber: '12AB34567',
    licenseIssueDate: '2005-06-01',
    licenseCountry: 'FR',
    email: 'camille@example.fr',
    phone: '+33 6 12 34 56 78',
    address: '4 place Bellecour',
    city: 'Lyon',
    postalCode: '69002',
    country: 'FR',
    ...overrides,
  });

  /** A paid booking of `user` for a car, with the driver given at checkout. */
  async function paidBooking(user: SignedInUser, slug = 'porsche-panamera', who = driver()) {
    const start = new Date(Date.now() + daySeed * 86_400_000);
    daySeed += 5;
    const id = await createBooking(ctx.db, {
      userId: user.id,
      vehicleId: await findVehicleId(ctx.db, slug),
      start: start.toISOString(),
      end: new Date(start.getTime() + 3 * 86_400_000).toISOString(),
    });
    await ctx.db.query(`update bookings set driver_info = $2, customer_email = $3 where id = $1`, [
      id,
      JSON.stringify(who),
      user.email,
    ]);
    return id;
  }

  const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });

  async function uploadFile(user: SignedInUser, documentType: string, side?: string) {
    const form = new FormData();
    form.append('documentType', documentType);
    if (side) form.append('side', side);
    const png = documentType === 'selfie';
    form.append(
      'file',
      new Blob([new Uint8Array(png ? makePng() : makePdf())], {
        type: png ? 'image/png' : 'application/pdf',
      }),
      png ? 'selfie.png' : `${documentType}.pdf`,
    );
    const encoded = new Response(form);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/me/documents',
      headers: { ...headers(user.cookie), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function uploadIdentityFiles(user: SignedInUser) {
    await uploadFile(user, 'id_card', 'front');
    await uploadFile(user, 'driver_license', 'front');
    await uploadFile(user, 'driver_license', 'back');
    await uploadFile(user, 'selfie');
  }

  const submission = {
    licenseNumber: '12AB34567',
    licenseIssueDate: '2005-06-01',
    documentExpiryDate: '2034-01-01',
  };

  const steps = (cookie: string, bookingId: string) =>
    ctx.app.inject({ url: `/api/v1/bookings/${bookingId}/steps`, headers: headers(cookie) });
  const submit = (user: SignedInUser, bookingId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/identity`,
      headers: headers(user.cookie),
      payload: submission,
    });
  const queue = (userId?: string) =>
    ctx.app.inject({
      url: `/api/v1/admin/identity-checks${userId ? `?userId=${userId}` : ''}`,
      headers: headers(adminCookie()),
    });
  const decide = (checkId: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/identity-checks/${checkId}/decision`,
      headers: headers(adminCookie()),
      payload: payload as Record<string, unknown>,
    });
  async function lastMailText(to: string) {
    const { rows } = await ctx.db.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 order by created_at desc limit 1`,
      [to],
    );
    return rows[0]?.text ?? '';
  }

  async function validateIdentity(user: SignedInUser, bookingId: string) {
    await uploadIdentityFiles(user);
    expect((await submit(user, bookingId)).statusCode).toBe(200);
    const item = (await queue(user.id)).json<IdentityReviewQueue>().items[0]!;
    expect((await decide(item.checkId, { decision: 'validate' })).statusCode).toBe(204);
  }

  async function signCurrentContract(user: SignedInUser, bookingId: string) {
    const code = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/contract/code`,
      headers: headers(user.cookie),
    });
    expect(code.statusCode, code.body).toBe(200);
    const mailed = (await lastMailText(user.email)).match(/\b(\d{6})\b/)![1]!;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/contract/sign`,
      headers: headers(user.cookie),
      payload: {
        version: code.json().version,
        consent: true,
        code: mailed,
        signature: { kind: 'typed', text: 'Camille Martin' },
      },
    });
  }

  return {
    driver,
    paidBooking,
    headers,
    uploadFile,
    uploadIdentityFiles,
    submission,
    steps,
    submit,
    queue,
    decide,
    lastMailText,
    validateIdentity,
    signCurrentContract,
  };
}

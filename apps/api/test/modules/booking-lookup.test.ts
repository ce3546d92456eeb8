import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED_AUTH_SECRET } from '../../src/config';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { createBooking, findVehicleId } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let owner: SignedInUser;
let stranger: SignedInUser;
let bookingId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpUser(ctx, 'owner.lookup@example.fr');
  stranger = await signUpUser(ctx, 'stranger.lookup@example.fr');
  bookingId = await createBooking(ctx.db, {
    userId: owner.id,
    vehicleId: await findVehicleId(ctx.db),
    start: '2027-11-01T10:00:00Z',
    end: '2027-11-04T10:00:00Z',
  });
  await ctx.db.query(
    `update bookings set customer_email = 'Owner.Lookup@example.fr', special_requests = 'Siège réglé bas' where id = $1`,
    [bookingId],
  );
});
afterAll(() => ctx.close());

const lookup = (bookingNumber: string, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings/lookup',
    headers: { origin: ctx.config.site.publicUrl },
    payload: { bookingNumber, email },
  });

describe('POST /api/v1/bookings/lookup', () => {
  it('finds a booking by its number and e-mail, with its personal data', async () => {
    const response = await lookup(bookingId, 'owner.lookup@EXAMPLE.fr');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: bookingId,
      reference: bookingId.slice(0, 8).toUpperCase(),
      days: 3,
      pickupLocation: '10 rue de Rivoli, 75001 Paris',
      specialRequests: 'Siège réglé bas',
      personalDataVisible: true,
    });
  });

  it('also accepts the 8-character reference', async () => {
    const response = await lookup(bookingId.slice(0, 8).toUpperCase(), 'owner.lookup@example.fr');
    expect(response.json()).toMatchObject({ id: bookingId });
  });

  it('answers « Aucune réservation ne correspond à ce numéro. » when the e-mail does not match', async () => {
    const response = await lookup(bookingId, 'someone@example.fr');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'booking_not_found',
        message: 'Aucune réservation ne correspond à ce numéro.',
      },
    });
  });

  it.each([
    [
      'a malformed number',
      'ABC',
      'owner.lookup@example.fr',
      'Numéro de réservation invalide',
      'bookingNumber',
    ],
    [
      'a malformed e-mail',
      '3f0c8a8e-0000-4000-8000-000000000000',
      'pas-un-email',
      'Adresse e-mail invalide',
      'email',
    ],
  ])('refuses %s with the SPEC message', async (_label, number, email, message, field) => {
    const response = await lookup(number, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message, field } });
  });
});

describe('GET /api/v1/bookings/:id', () => {
  it('shows the booking without home addresses to an anonymous visitor', async () => {
    const response = await ctx.app.inject(`/api/v1/bookings/${bookingId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: bookingId,
      personalDataVisible: false,
      pickupLocation: null,
      specialRequests: null,
      totalPriceCents: 24_900,
      depositAmountCents: 350_000,
    });
  });

  it('hides them from another signed-in customer too', async () => {
    const response = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(response.json()).toMatchObject({ personalDataVisible: false });
  });

  it('shows them to the owner, an admin, and a visitor who just passed the look-up', async () => {
    const asOwner = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: owner.cookie },
    });
    expect(asOwner.json()).toMatchObject({ personalDataVisible: true });

    const adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
    const asAdmin = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: adminCookie },
    });
    expect(asAdmin.json()).toMatchObject({ personalDataVisible: true });

    const found = await lookup(bookingId, 'owner.lookup@example.fr');
    const grant = String(found.headers['set-cookie']).split(';')[0]!;
    expect(grant).toMatch(/^vroum\.lookup=/);
    const asVisitor = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: grant },
    });
    expect(asVisitor.json()).toMatchObject({ personalDataVisible: true });
    const forged = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    expect(forged.json()).toMatchObject({ personalDataVisible: false });
  });

  it('refuses a grant signed with the secret once published in the source', async () => {
    // The test app, like the embedded default, runs without AUTH_SECRET.
    const payload = `${bookingId}.${Math.floor(Date.now() / 1000) + 600}`;
    const signature = createHmac('sha256', PUBLISHED_AUTH_SECRET)
      .update(`booking-lookup:${payload}`)
      .digest('base64url');
    const forged = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}`,
      headers: { cookie: `vroum.lookup=${payload}.${signature}` },
    });
    expect(forged.json()).toMatchObject({ personalDataVisible: false, pickupLocation: null });
  });

  it('answers 404 « Réservation introuvable » cases and 400 for a malformed id', async () => {
    expect(
      (await ctx.app.inject('/api/v1/bookings/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject('/api/v1/bookings/pas-un-uuid')).statusCode).toBe(400);
  });
});

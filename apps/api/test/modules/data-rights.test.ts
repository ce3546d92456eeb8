import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicingDeps } from '../../src/modules/invoicing/invoicing.jobs';
import { issuePendingDocuments } from '../../src/modules/invoicing/invoicing.service';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout } from '../helpers/checkout';
import { rentalSteps } from '../helpers/rental';
import { makePdf } from '../helpers/sample-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let pay: ReturnType<typeof checkout>;
let adminCookie: string;
let nextDay = Date.UTC(2027, 5, 1, 9);

beforeAll(async () => {
  ctx = await createTestApp();
  pay = checkout(ctx);
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
}, 120_000);
afterAll(() => ctx.close());

const rental = rentalSteps(
  new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] }),
  () => adminCookie,
);

const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });

const exportOf = (cookie: string) =>
  ctx.app.inject({ url: '/api/v1/me/data-export', headers: headers(cookie) });

// Deletion attempts are limited per address (5 a minute): each call here comes from its own.
let caller = 0;
const deleteAccount = (cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/me/account/delete',
    headers: headers(cookie),
    remoteAddress: `10.0.0.${++caller}`,
    payload: payload as Record<string, unknown>,
  });

const signInStatus = async (email: string, password: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    })
  ).statusCode;

/** A paid booking with its invoice, the identity validated and the contract signed. */
async function rentedOnce(user: SignedInUser) {
  const start = await pay.start(user, 'mercedes-classe-s-500', nextDay);
  nextDay += 6 * 86_400_000;
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  await pay.capture(user, start.paymentIntentId);
  while ((await issuePendingDocuments(invoicingDeps(ctx.app))) > 0);
  await rental.validateIdentity(user, start.bookingId);
  expect((await rental.signCurrentContract(user, start.bookingId)).statusCode).toBe(200);
  return start.bookingId;
}

const count = async (sql: string, params: string[]) =>
  (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('the customer’s data export', () => {
  it('is a ZIP of the user’s own data and PDFs, with nothing of another account', async () => {
    const customer = await signUpUser(ctx, 'export.client@example.fr');
    const neighbour = await signUpUser(ctx, 'export.voisin@example.fr');
    const bookingId = await rentedOnce(customer);
    const neighbourBooking = await rentedOnce(neighbour);
    const { rows: cars } = await ctx.db.query<{ id: string }>(
      `select id from vehicles where slug = 'porsche-panamera'`,
    );
    const favourite = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/me/favorites/${cars[0]!.id}`,
      headers: headers(customer.cookie),
    });
    expect(favourite.statusCode).toBeLessThan(300);

    // The car handed over to each of them: a sealed report in the storage.
    for (const booking of [bookingId, neighbourBooking]) {
      const reportKey = `inspections/${booking}/handover-report.pdf`;
      await ctx.app.storage.put(
        reportKey,
        makePdf('Procès-verbal de livraison'),
        'application/pdf',
      );
      await ctx.db.query(
        `insert into inspections (booking_id, kind, odometer_km, fuel_percent, keys_count,
           identity_checked, signer_name, report_key, report_sha256)
         values ($1, 'handover', 1200, 100, 2, true, 'Camille Martin', $2, 'sceau')`,
        [booking, reportKey],
      );
    }

    expect((await exportOf('')).statusCode).toBe(401);
    const response = await exportOf(customer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="mes-donnees-/);

    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    for (const name of [
      'LISEZMOI.txt',
      'compte.json',
      'reservations.json',
      'documents.json',
      'contrats.json',
      'factures-et-avoirs.json',
      'messages.json',
      'notifications.json',
      'adresses.json',
      'favoris.json',
      'avis.json',
    ]) {
      expect(names).toContain(name);
    }
    expect(strFromU8(files['LISEZMOI.txt']!)).toContain('- compte.json\u00a0: compte, profil');
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown[]>;
    expect(json('compte.json').account).toEqual([
      expect.objectContaining({ id: customer.id, email: customer.email }),
    ]);
    // The devices remembered to tell a sign-in from a new one (decision 049).
    expect(json('compte.json').knownDevices).toEqual([
      expect.objectContaining({ user_id: customer.id, device: 'Appareil inconnu' }),
    ]);
    expect(json('reservations.json').bookings).toEqual([
      expect.objectContaining({ id: bookingId }),
    ]);
    expect(json('documents.json').documents).toHaveLength(4);
    expect(json('contrats.json').contracts).toEqual([
      expect.objectContaining({ booking_id: bookingId, status: 'signed' }),
    ]);
    expect(json('factures-et-avoirs.json').invoices).toHaveLength(1);
    expect(json('notifications.json').notifications).not.toHaveLength(0);
    const mails = json('messages.json').mails as { template: string; text: string }[];
    expect(mails.map((mail) => mail.template)).toContain('verification-code');
    // One-time codes and links are not handed over with the rest.
    for (const mail of mails.filter((m) => m.template.includes('code'))) {
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
    }
    expect(json('favoris.json').favourites).toEqual([
      expect.objectContaining({ vehicle_slug: 'porsche-panamera' }),
    ]);

    const pdfs = names.filter((name) => name.endsWith('.pdf'));
    expect(pdfs.filter((name) => name.startsWith('factures/facture-'))).toHaveLength(1);
    expect(pdfs.filter((name) => name.startsWith('contrats/'))).toHaveLength(1);
    const { rows: refs } = await ctx.db.query<{ reference: string }>(
      'select reference from bookings where id = $1',
      [bookingId],
    );
    expect(pdfs.filter((name) => name.startsWith('etats-des-lieux/'))).toEqual([
      `etats-des-lieux/${refs[0]!.reference}-livraison.pdf`,
    ]);
    expect(json('etats-des-lieux.json').inspections).toEqual([
      expect.objectContaining({ booking_id: bookingId, kind: 'handover' }),
    ]);
    for (const name of pdfs) expect(strFromU8(files[name]!.slice(0, 5))).toBe('%PDF-');

    // Nothing of the neighbour, anywhere in the archive: no id, no address, no booking.
    const everything = names
      .filter((name) => !name.endsWith('.pdf'))
      .map((name) => strFromU8(files[name]!))
      .join('\n');
    for (const foreign of [neighbour.id, neighbour.email, neighbourBooking]) {
      expect(everything).not.toContain(foreign);
    }
    // No storage key, token or password hash leaves the server.
    expect(everything).not.toMatch(/storage_key|"token"|"password"|idempotency_key/);
  }, 60_000);
});

describe('deleting one’s account', () => {
  it('is refused while a rental is to come, in French, and the account stays', async () => {
    const customer = await signUpUser(ctx, 'suppression.avenir@example.fr', 'secret-123');
    await rentedOnce(customer);
    const refused = await deleteAccount(customer.cookie, { password: 'secret-123', confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'rental_under_way' });
    expect(refused.json().error.message).toContain('location est à venir ou en cours');
    expect(await signInStatus(customer.email, 'secret-123')).toBe(200);
    expect(await count('documents where user_id = $1', [customer.id])).toBe(4);
  }, 60_000);

  it('is refused while a balance is owed or a dispute is open, and for a staff account', async () => {
    const owing = await signUpUser(ctx, 'suppression.solde@example.fr', 'secret-123');
    const bookingId = await rentedOnce(owing);
    await ctx.db.query(
      `update bookings set booking_status = 'completed', balance_due_cents = 4500 where id = $1`,
      [bookingId],
    );
    const owed = await deleteAccount(owing.cookie, { password: 'secret-123', confirm: true });
    expect(owed.statusCode).toBe(409);
    expect(owed.json().error.code).toBe('balance_due');

    await ctx.db.query(`update bookings set balance_due_cents = 0 where id = $1`, [bookingId]);
    await ctx.db.query(
      `insert into return_disputes (booking_id, user_id, reason, contested_cents)
       values ($1, $2, 'Les rayures étaient déjà là', 4500)`,
      [bookingId, owing.id],
    );
    const contested = await deleteAccount(owing.cookie, { password: 'secret-123', confirm: true });
    expect(contested.statusCode).toBe(409);
    expect(contested.json().error.code).toBe('case_open');

    const agent = await signUpUser(ctx, 'suppression.agent@example.fr', 'secret-123');
    await ctx.db.query(`insert into user_roles (user_id, role) values ($1, 'driver')`, [agent.id]);
    const staff = await deleteAccount(agent.cookie, { password: 'secret-123', confirm: true });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().error.code).toBe('staff_account');
    expect(await signInStatus(owing.email, 'secret-123')).toBe(200);
  }, 60_000);

  it('asks for the right password and an explicit confirmation', async () => {
    const customer = await signUpUser(ctx, 'suppression.confirme@example.fr', 'secret-123');
    const wrong = await deleteAccount(customer.cookie, { password: 'pas-le-bon', confirm: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('Mot de passe incorrect');
    const unconfirmed = await deleteAccount(customer.cookie, { password: 'secret-123' });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await deleteAccount('', { password: 'secret-123', confirm: true })).statusCode).toBe(
      401,
    );
    expect(await signInStatus(customer.email, 'secret-123')).toBe(200);
  });

  it('keeps invoices and contracts, deletes identity documents and the login, frees the address', async () => {
    const customer = await signUpUser(ctx, 'suppression.faite@example.fr', 'secret-123');
    const bookingId = await rentedOnce(customer);
    await ctx.db.query(`update bookings set booking_status = 'completed' where id = $1`, [
      bookingId,
    ]);
    const identityKeys = (
      await ctx.db.query<{ storage_key: string }>(
        'select storage_key from documents where user_id = $1',
        [customer.id],
      )
    ).rows.map((row) => row.storage_key);
    expect(identityKeys).toHaveLength(4);
    const invoicesBefore = await ctx.db.query<{ number: string; customer: unknown }>(
      'select number, customer from invoicing_documents where booking_id = $1',
      [bookingId],
    );

    const deleted = await deleteAccount(customer.cookie, { password: 'secret-123', confirm: true });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toContain('Max-Age=0');

    // The login is gone: no sign-in, no session, no profile.
    expect(await signInStatus(customer.email, 'secret-123')).toBe(401);
    const profile = await ctx.app.inject({
      url: '/api/v1/me/profile',
      headers: headers(customer.cookie),
    });
    expect(profile.statusCode).toBe(401);
    expect(await count('users where id = $1', [customer.id])).toBe(0);
    expect(await count('sessions where user_id = $1', [customer.id])).toBe(0);
    expect(await count('profiles where user_id = $1', [customer.id])).toBe(0);
    // No identity document left, in the database or the storage.
    expect(await count('documents where user_id = $1', [customer.id])).toBe(0);
    expect(await count('identity_checks where user_id = $1', [customer.id])).toBe(0);
    for (const key of identityKeys) expect(await ctx.app.storage.get(key)).toBeNull();
    // The booking, its invoice as issued and its signed contract stay, detached from the login.
    const kept = await ctx.db.query<{ user_id: string | null }>(
      'select user_id from bookings where id = $1',
      [bookingId],
    );
    expect(kept.rows).toEqual([{ user_id: null }]);
    const invoicesAfter = await ctx.db.query(
      'select number, customer from invoicing_documents where booking_id = $1',
      [bookingId],
    );
    expect(invoicesAfter.rows).toEqual(invoicesBefore.rows);
    const contract = await ctx.db.query<{ signed_document_key: string }>(
      `select signed_document_key from contracts where booking_id = $1 and status = 'signed'`,
      [bookingId],
    );
    expect(contract.rows).toHaveLength(1);
    expect(await ctx.app.storage.get(contract.rows[0]!.signed_document_key)).not.toBeNull();
    // Recorded, and told to the customer.
    const audit = await ctx.db.query<{ after: { kept: Record<string, number> } }>(
      `select after from audit_log where action = 'user.delete' and entity_id = $1`,
      [customer.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.after.kept).toEqual({ bookings: 1, documents: 1, contracts: 1 });
    const mails = await ctx.db.query<{ template: string; text: string }>(
      'select template, text from email_outbox where to_address = $1',
      [customer.email],
    );
    expect(mails.rows).toEqual([
      {
        template: 'account-deleted',
        text: expect.stringContaining('votre compte a été supprimé\u00a0: vous ne pouvez plus'),
      },
    ]);
    // The address is free for a new account.
    const again = await signUpUser(ctx, customer.email, 'autre-secret-456');
    expect(again.id).not.toBe(customer.id);
  }, 60_000);
});

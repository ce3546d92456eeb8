import { RefundablePayments, type RefundablePayment } from '@vroum/core/refunds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePendingMovements } from '../../src/modules/bookings/money-jobs';
import { issueInvoicingDocuments } from '../../src/modules/invoicing/invoicing.jobs';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { extensionSteps } from '../helpers/extension';
import { recordRentalPayment } from '../helpers/factories';
import { controlDatabase } from '../helpers/interleaving';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

// A refund names the payment it gives back: an extension's payment is refunded on its own
// intent, once, capped by what remains on it; a larger refund is split over the payments.

let ctx: TestContext;
let adminCookie: string;
const DAY = 86_400_000;
const RENTAL_CENTS = 24_900;

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
}, 60_000);
afterAll(() => ctx.close());

const lazy = new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] });
const rental = rentalSteps(lazy, () => adminCookie);
const extension = extensionSteps(lazy);

let starts = 0;

/**
 * A confirmed rental (its payment captured) whose extension by a day the processor was paid for;
 * the site has not recorded it yet.
 */
async function extensionPaidAtProcessor() {
  const customer = await signUpUser(ctx);
  const bookingId = await rental.paidBooking(customer);
  const rentalRef = await recordRentalPayment(ctx.db, bookingId, RENTAL_CENTS);
  const newReturn = new Date((await extension.returnDate(bookingId)).getTime() + DAY);
  // From an address of its own: the route allows 10 starts a minute each.
  starts += 1;
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/extension/card-payment`,
    headers: { cookie: customer.cookie, origin: ctx.config.site.publicUrl },
    remoteAddress: `10.1.0.${starts}`,
    payload: { returnDate: newReturn.toISOString() },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { intentId, clientSecret } = started.json<{ intentId: string; clientSecret: string }>();
  expect((await extension.payWithCard(intentId, clientSecret)).json().status).toBe('succeeded');
  return { customer, bookingId, rentalRef, intentId };
}

/** The same extension recorded by the site: the rental extended, paid on two intents. */
async function extendedRental() {
  const { customer, bookingId, rentalRef, intentId } = await extensionPaidAtProcessor();
  const confirmed = await extension.confirm(customer, bookingId, intentId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [paid] = await extension.payments(bookingId);
  return {
    customer,
    bookingId,
    rentalRef,
    extensionRef: intentId,
    extensionCents: paid!.amount_cents,
  };
}

const refund = (bookingId: string, body: Record<string, unknown>, key = crypto.randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/bookings/${bookingId}/refund`,
    headers: { cookie: adminCookie, origin: ctx.config.site.publicUrl, 'idempotency-key': key },
    payload: body,
  });

async function paymentsOf(bookingId: string): Promise<RefundablePayment[]> {
  const answer = await ctx.app.inject({
    url: `/api/v1/admin/bookings/${bookingId}/payments`,
    headers: { cookie: adminCookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return RefundablePayments.parse(answer.json()).payments;
}

/** What the processor received and gave back on one intent. */
async function atProcessor(intentId: string) {
  const { rows } = await ctx.db.query<{ received: number; refunded: number }>(
    `select amount_received_cents as received, amount_refunded_cents as refunded
       from sandbox_intents where id = $1`,
    [intentId],
  );
  return rows[0]!;
}

/** The booking's refunds in the ledger: the payment each gives back and its own key. */
async function refundsOf(bookingId: string) {
  const { rows } = await ctx.db.query<{
    amount_cents: number;
    state: string;
    provider_ref: string;
    refunds_kind: string | null;
    idempotency_key: string;
    id: number;
  }>(
    `select r.id::int as id, r.amount_cents, r.state, r.provider_ref, r.idempotency_key,
        p.kind as refunds_kind
       from money_movements r left join money_movements p on p.id = r.refunds_movement_id
      where r.booking_id = $1 and r.kind = 'rental_refund' order by r.id`,
    [bookingId],
  );
  return rows;
}

/** The booking's documents: each credit note with its movement and the invoice it corrects. */
async function creditNotesOf(bookingId: string) {
  await issueInvoicingDocuments(ctx.app);
  const { rows } = await ctx.db.query<{
    movement_id: number;
    total_ttc_cents: number;
    corrected_kind: string;
  }>(
    `select c.movement_id::int as movement_id, c.total_ttc_cents, m.kind as corrected_kind
       from invoicing_documents c
       join invoicing_documents i on i.id = c.corrects_id
       join money_movements m on m.id = i.movement_id
      where c.booking_id = $1 and c.kind = 'credit_note' order by c.seq`,
    [bookingId],
  );
  return rows;
}

describe('the console’s refund of an extension’s payment', () => {
  it('lists the booking’s payments with what is refundable on each, and refunds the one named', async () => {
    const { customer, bookingId, rentalRef, extensionRef, extensionCents } = await extendedRental();
    const payments = await paymentsOf(bookingId);
    expect(payments.map((p) => [p.kind, p.providerRef, p.refundableCents])).toEqual([
      ['rental_capture', rentalRef, RENTAL_CENTS],
      ['extension_payment', extensionRef, extensionCents],
    ]);
    const ext = payments[1]!;
    // The console's list is the administrators' only.
    const asCustomer = await ctx.app.inject({
      url: `/api/v1/admin/bookings/${bookingId}/payments`,
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);

    const done = await refund(bookingId, { amountCents: extensionCents, paymentId: ext.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(await atProcessor(extensionRef)).toEqual({
      received: extensionCents,
      refunded: extensionCents,
    });
    expect((await atProcessor(rentalRef)).refunded).toBe(0);
    expect(await refundsOf(bookingId)).toMatchObject([
      {
        amount_cents: extensionCents,
        state: 'done',
        provider_ref: extensionRef,
        refunds_kind: 'extension_payment',
      },
    ]);
    expect((await paymentsOf(bookingId)).map((p) => p.refundableCents)).toEqual([RENTAL_CENTS, 0]);
    // The credit note corrects the extension's invoice, for the ledger's amount.
    const [note, ...others] = await creditNotesOf(bookingId);
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      movement_id: (await refundsOf(bookingId))[0]!.id,
      total_ttc_cents: extensionCents,
      corrected_kind: 'extension_payment',
    });
  });

  it('refuses, in French, more than remains on the payment named', async () => {
    const { bookingId, extensionRef, extensionCents } = await extendedRental();
    const ext = (await paymentsOf(bookingId)).find((p) => p.kind === 'extension_payment')!;
    expect((await refund(bookingId, { amountCents: 1000, paymentId: ext.id })).statusCode).toBe(
      200,
    );
    const tooMuch = await refund(bookingId, { amountCents: extensionCents, paymentId: ext.id });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe(
      `Le montant du remboursement dépasse ce qui reste remboursable sur ce paiement (${(
        (extensionCents - 1000) /
        100
      )
        .toFixed(2)
        .replace('.', ',')}\u00a0€).`,
    );
    expect((await atProcessor(extensionRef)).refunded).toBe(1000);
    const unknown = await refund(bookingId, { amountCents: 100, paymentId: 999_999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('Ce paiement n’appartient pas à cette réservation.');
  });

  it('splits a refund larger than one payment, the latest first, each part its own key, row and credit note', async () => {
    const { bookingId, rentalRef, extensionRef, extensionCents } = await extendedRental();
    const key = crypto.randomUUID();
    const done = await refund(bookingId, { amountCents: extensionCents + 5000 }, key);
    expect(done.statusCode, done.body).toBe(200);
    const parts = await refundsOf(bookingId);
    expect(parts).toMatchObject([
      { amount_cents: extensionCents, provider_ref: extensionRef, state: 'done' },
      { amount_cents: 5000, provider_ref: rentalRef, state: 'done' },
    ]);
    expect(new Set(parts.map((part) => part.idempotency_key)).size).toBe(2);
    expect((await atProcessor(extensionRef)).refunded).toBe(extensionCents);
    expect((await atProcessor(rentalRef)).refunded).toBe(5000);
    // Asked again with the same key, nothing more moves.
    expect((await refund(bookingId, { amountCents: extensionCents + 5000 }, key)).statusCode).toBe(
      200,
    );
    expect(await refundsOf(bookingId)).toHaveLength(2);
    expect((await atProcessor(rentalRef)).refunded).toBe(5000);
    // One credit note per part, each equal to its ledger row and correcting its payment's invoice.
    expect(await creditNotesOf(bookingId)).toEqual([
      {
        movement_id: parts[0]!.id,
        total_ttc_cents: extensionCents,
        corrected_kind: 'extension_payment',
      },
      { movement_id: parts[1]!.id, total_ttc_cents: 5000, corrected_kind: 'rental_capture' },
    ]);
    // Beyond the whole booking, the amount still refundable is named.
    const beyond = await refund(bookingId, { amountCents: RENTAL_CENTS });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().error.code).toBe('refund_too_large');
  });
});

describe('an extension’s refund asked twice at once', () => {
  it('refunds once for two requests with the same key', async () => {
    for (let pair = 0; pair < 3; pair++) {
      const { bookingId, extensionRef, extensionCents } = await extendedRental();
      const ext = (await paymentsOf(bookingId)).find((p) => p.kind === 'extension_payment')!;
      const key = crypto.randomUUID();
      const answers = await Promise.all([
        refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }, key),
        refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }, key),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      // A request that met the other one under way finishes it when asked again.
      await refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }, key);
      expect(await atProcessor(extensionRef)).toEqual({
        received: extensionCents,
        refunded: extensionCents,
      });
      expect(await refundsOf(bookingId)).toMatchObject([
        { amount_cents: extensionCents, state: 'done' },
      ]);
    }
  });

  it('refunds once for two requests with different keys, the second refused in French', async () => {
    for (let pair = 0; pair < 3; pair++) {
      const { bookingId, extensionRef, extensionCents } = await extendedRental();
      const ext = (await paymentsOf(bookingId)).find((p) => p.kind === 'extension_payment')!;
      const answers = await Promise.all([
        refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }),
        refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)!.json().error.message).toBe(
        'Ce paiement a déjà été entièrement remboursé.',
      );
      expect((await atProcessor(extensionRef)).refunded).toBe(extensionCents);
      expect(await refundsOf(bookingId)).toHaveLength(1);
    }
  });
});

describe('an extension’s refund when the server dies after the processor answered', () => {
  it('is recorded once, by the retry or by the job, and the processor refunds once', async () => {
    for (const finish of ['retry', 'job'] as const) {
      const { bookingId, extensionRef, extensionCents } = await extendedRental();
      const ext = (await paymentsOf(bookingId)).find((p) => p.kind === 'extension_payment')!;
      const key = crypto.randomUUID();
      const control = controlDatabase(ctx.db);
      try {
        control.arm({
          label: 'the settlement',
          pattern: /update money_movements set state/,
          nth: 1,
        });
        const end = await control.operation(() =>
          refund(bookingId, { amountCents: extensionCents, paymentId: ext.id }, key),
        );
        expect(end.crashed).toBe(true);
      } finally {
        control.release();
      }
      expect(await atProcessor(extensionRef)).toMatchObject({ refunded: extensionCents });
      expect(await refundsOf(bookingId)).toMatchObject([{ state: 'pending' }]);

      if (finish === 'retry') {
        const retried = await refund(
          bookingId,
          { amountCents: extensionCents, paymentId: ext.id },
          key,
        );
        expect(retried.statusCode, retried.body).toBe(200);
      } else {
        await ctx.db.query(
          `update money_movements set created_at = now() - interval '2 minutes'
            where booking_id = $1 and state = 'pending'`,
          [bookingId],
        );
        await settlePendingMovements(ctx.app);
      }
      expect(await atProcessor(extensionRef)).toEqual({
        received: extensionCents,
        refunded: extensionCents,
      });
      expect(await refundsOf(bookingId)).toMatchObject([
        { amount_cents: extensionCents, state: 'done' },
      ]);
    }
  });
});

describe('a booking with a paid extension cancelled by its customer', () => {
  it('refunds under the policy across the rental and the extension, each on its own intent', async () => {
    const { customer, bookingId, rentalRef, extensionRef, extensionCents } = await extendedRental();
    // Weeks before the start, the cancellation is free: everything paid comes back.
    const quote = await ctx.app.inject({
      url: `/api/v1/bookings/${bookingId}/cancellation`,
      headers: { cookie: customer.cookie },
    });
    expect(quote.json()).toMatchObject({
      paidCents: RENTAL_CENTS + extensionCents,
      feeCents: 0,
      refundCents: RENTAL_CENTS + extensionCents,
    });
    const cancelled = await cancel(customer, bookingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await atProcessor(rentalRef)).refunded).toBe(RENTAL_CENTS);
    expect((await atProcessor(extensionRef)).refunded).toBe(extensionCents);
    expect(await refundsOf(bookingId)).toMatchObject([
      { provider_ref: extensionRef, amount_cents: extensionCents, state: 'done' },
      { provider_ref: rentalRef, amount_cents: RENTAL_CENTS, state: 'done' },
    ]);
    const status = await ctx.db.query<{ booking_status: string; payment_status: string }>(
      'select booking_status, payment_status from bookings where id = $1',
      [bookingId],
    );
    expect(status.rows[0]).toEqual({ booking_status: 'cancelled', payment_status: 'refunded' });
    expect((await creditNotesOf(bookingId)).map((note) => note.corrected_kind)).toEqual([
      'extension_payment',
      'rental_capture',
    ]);
  });
});

describe('an extension paid after its booking was cancelled', () => {
  it('is given back whole on its own intent, once, with its credit note', async () => {
    const { customer, bookingId, intentId } = await extensionPaidAtProcessor();
    // The customer cancels while the extension's payment is on its way back to the site.
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const answers = await Promise.all([
      extension.confirm(customer, bookingId, intentId),
      extension.confirm(customer, bookingId, intentId),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const [paid] = await extension.payments(bookingId);
    expect(await atProcessor(intentId)).toEqual({
      received: paid!.amount_cents,
      refunded: paid!.amount_cents,
    });
    expect((await refundsOf(bookingId)).filter((r) => r.provider_ref === intentId)).toMatchObject([
      { amount_cents: paid!.amount_cents, state: 'done', refunds_kind: 'extension_payment' },
    ]);
    expect((await creditNotesOf(bookingId)).map((note) => note.corrected_kind).sort()).toEqual([
      'extension_payment',
      'rental_capture',
    ]);
  });
});

function cancel(customer: SignedInUser, bookingId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/cancel`,
    headers: { cookie: customer.cookie, origin: ctx.config.site.publicUrl },
  });
}

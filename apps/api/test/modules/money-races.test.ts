import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/client';
import { SandboxProcessor } from '../../src/providers/payment/sandbox/sandbox-processor';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { checkout, type PaymentStartAnswer } from '../helpers/checkout';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let pay: ReturnType<typeof checkout>;
let alice: SignedInUser;
let bruno: SignedInUser;
let carol: SignedInUser;
let adminCookie: string;
/** Each test books its own days, far enough ahead for a free cancellation. */
let nextDay = Date.UTC(2027, 5, 1, 9);
const days = (count: number) => {
  const start = nextDay;
  nextDay += (count + 1) * 86_400_000;
  return start;
};

beforeAll(async () => {
  ctx = await createTestApp();
  pay = checkout(ctx);
  alice = await signUpUser(ctx, 'alice.money@example.fr');
  bruno = await signUpUser(ctx, 'bruno.money@example.fr');
  carol = await signUpUser(ctx, 'carol.money@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
}, 120_000);
afterAll(() => ctx.close());

/** The money of a booking at the processor and in the ledger. */
const moneyOf = (bookingId: string) => moneyIn(ctx.db, bookingId);

async function moneyIn(db: Queryable, bookingId: string) {
  const processor = await db.query<{ received: number; refunded: number }>(
    `select coalesce(sum(amount_received_cents), 0)::int as received,
            coalesce(sum(amount_refunded_cents), 0)::int as refunded
       from sandbox_intents where metadata ->> 'bookingId' = $1 and metadata ->> 'kind' = 'rental'`,
    [bookingId],
  );
  const ledger = await db.query<{ captured: number; refunded: number; pending: number }>(
    `select coalesce(sum(amount_cents) filter (where kind = 'rental_capture'), 0)::int as captured,
            coalesce(sum(amount_cents) filter (where kind = 'rental_refund' and state = 'done'), 0)::int as refunded,
            count(*) filter (where state = 'pending')::int as pending
       from money_movements where booking_id = $1`,
    [bookingId],
  );
  return { processor: processor.rows[0]!, ledger: ledger.rows[0]! };
}

async function statusOf(bookingId: string) {
  const { rows } = await ctx.db.query<{
    booking_status: string;
    payment_status: string;
    cancellation_cause: string | null;
  }>('select booking_status, payment_status, cancellation_cause from bookings where id = $1', [
    bookingId,
  ]);
  return rows[0]!;
}

async function paidBooking(user: SignedInUser, slug = 'porsche-panamera') {
  const start = await pay.start(user, slug, days(2));
  expect((await pay.confirmCard(start)).statusCode).toBe(200);
  expect((await pay.capture(user, start.paymentIntentId)).json()).toMatchObject({
    bookingStatus: 'confirmed',
  });
  return start;
}

function adminRefund(bookingId: string, amountCents: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/bookings/${bookingId}/refund`,
    headers: {
      cookie: adminCookie,
      origin: ctx.config.site.publicUrl,
      'idempotency-key': crypto.randomUUID(),
    },
    payload: { amountCents },
  });
}

/** Lets a pending booking's 15 minutes run out. */
const lapse = (bookingId: string) =>
  ctx.db.query(`update bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [
    bookingId,
  ]);

describe('a capture racing the customer’s cancellation', () => {
  /**
   * The processor captures at once but its answer reaches the app late: the customer's
   * cancellation runs whole in between, the interleaving that kept the money.
   */
  class SlowAnswers extends SandboxProcessor {
    override async captureIntent(id: string, key: string, amountCents?: number) {
      const intent = await super.captureIntent(id, key, amountCents);
      await new Promise((resolve) => setTimeout(resolve, 150));
      return intent;
    }
  }

  it('never leaves a cancelled booking with its money kept, whichever lands first', async () => {
    const slow = await createTestApp({}, { payments: new SlowAnswers(ctx.db) });
    // The slow processor keeps its intents in the test's own database.
    (slow.app.payments as unknown as { db: Database }).db = slow.db;
    try {
      const slowPay = checkout(slow);
      const dora = await signUpUser(slow, 'dora.money@example.fr');
      for (let race = 0; race < 6; race++) {
        const start = await slowPay.start(dora, 'porsche-panamera', days(2));
        expect((await slowPay.confirmCard(start)).statusCode).toBe(200);
        const requests = [
          () => slowPay.capture(dora, start.paymentIntentId),
          () => slowPay.cancel(dora, start.bookingId),
        ];
        if (race % 2) requests.reverse();
        const answers = await Promise.all(requests.map((request) => request()));
        for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);

        const money = await moneyIn(slow.db, start.bookingId);
        expect(money.processor.received - money.processor.refunded, `race ${race}`).toBe(0);
        const status = await slow.db.query<{ booking_status: string }>(
          'select booking_status from bookings where id = $1',
          [start.bookingId],
        );
        expect(status.rows[0]?.booking_status, `race ${race}`).toBe('cancelled');
        expect(money.ledger.captured).toBe(money.processor.received);
        expect(money.ledger.refunded).toBe(money.processor.refunded);
        expect(money.ledger.pending).toBe(0);
      }
    } finally {
      await slow.close();
    }
  }, 120_000);
});

describe('two refunds asked together', () => {
  it('refunds once when the customer cancels while an administrator refunds in full', async () => {
    for (let pair = 0; pair < 6; pair++) {
      const start = await paidBooking(bruno);
      const answers = await Promise.all([
        pay.cancel(bruno, start.bookingId),
        adminRefund(start.bookingId, start.amountCents),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      const money = await moneyOf(start.bookingId);
      expect(money.processor.received).toBe(start.amountCents);
      expect(money.processor.refunded, `pair ${pair}`).toBe(start.amountCents);
      expect(money.ledger.refunded).toBe(money.processor.refunded);
      expect(money.ledger.pending).toBe(0);
      expect(await statusOf(start.bookingId)).toMatchObject({
        booking_status: 'cancelled',
        payment_status: 'refunded',
      });
    }
  }, 120_000);

  it('refuses a second full refund with the amount still refundable, in French', async () => {
    const start = await paidBooking(bruno);
    expect((await adminRefund(start.bookingId, start.amountCents)).statusCode).toBe(200);
    const again = await adminRefund(start.bookingId, 100);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(
      'Aucun montant encaissé ne reste à rembourser sur cette réservation.',
    );
  });
});

describe('the built-in processor under a crash', () => {
  /** The database as seen by a processor killed just before it records its answer. */
  function killedBeforeTheAnswer(db: Database): Database {
    const killed = Object.create(db) as Database;
    killed.transaction = (work) =>
      db.transaction((tx) =>
        work({
          query: ((sql: string, params?: unknown[]) => {
            if (sql.startsWith('update sandbox_idempotency set response')) {
              throw new Error('killed');
            }
            return tx.query(sql, params as never);
          }) as Queryable['query'],
          exec: (sql: string) => tx.exec(sql),
        }),
      );
    return killed;
  }

  it('makes no refund it has not recorded, and the retry refunds exactly once', async () => {
    const start = await paidBooking(carol);
    const key = `crash-test:${start.bookingId}`;
    const crashing = new SandboxProcessor(killedBeforeTheAnswer(ctx.db));
    await expect(crashing.refund(start.paymentIntentId, start.amountCents, key)).rejects.toThrow(
      'killed',
    );
    expect((await moneyOf(start.bookingId)).processor.refunded).toBe(0);

    const processor = new SandboxProcessor(ctx.db);
    const refund = await processor.refund(start.paymentIntentId, start.amountCents, key);
    expect(refund.amountCents).toBe(start.amountCents);
    await processor.refund(start.paymentIntentId, start.amountCents, key);
    expect((await moneyOf(start.bookingId)).processor.refunded).toBe(start.amountCents);
  });

  it('never refunds more than was received when two refunds race with different keys', async () => {
    const start = await paidBooking(carol);
    const processor = new SandboxProcessor(ctx.db);
    const outcomes = await Promise.allSettled([
      processor.refund(start.paymentIntentId, start.amountCents, `a:${start.bookingId}`),
      processor.refund(start.paymentIntentId, start.amountCents, `b:${start.bookingId}`),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await moneyOf(start.bookingId)).processor.refunded).toBe(start.amountCents);
  });
});

describe('a payment that arrives after its hold lapsed', () => {
  async function singleUseCode(code: string) {
    await ctx.db.query(
      `insert into promotions (code, description, discount_type, discount_value, valid_from,
         valid_until, max_uses)
       values ($1, 'Une seule fois', 'percentage', 1000, now() - interval '1 day',
         now() + interval '30 days', 1)`,
      [code],
    );
  }
  const usesOf = async (code: string) =>
    (
      await ctx.db.query<{ current_uses: number }>(
        'select current_uses from promotions where code = $1',
        [code],
      )
    ).rows[0]!.current_uses;

  /** Alice's booking, authorised on her card, whose hold lapsed and was cancelled by Bruno's start. */
  async function lapsedAuthorisedBooking(code?: string): Promise<PaymentStartAnswer> {
    const from = days(2);
    const start = await pay.start(alice, 'ferrari-f8-spider', from, 2, code);
    expect((await pay.confirmCard(start)).statusCode).toBe(200);
    await lapse(start.bookingId);
    // Another customer's payment start on the car cancels the lapsed hold.
    await pay.start(bruno, 'ferrari-f8-spider', days(2));
    expect(await statusOf(start.bookingId)).toMatchObject({
      booking_status: 'cancelled',
      cancellation_cause: 'hold_lapsed',
    });
    return start;
  }

  it('comes back with its code when both are still free, the code counted again', async () => {
    await singleUseCode('REVIENT10');
    const start = await lapsedAuthorisedBooking('REVIENT10');
    expect(await usesOf('REVIENT10')).toBe(0);
    expect((await pay.capture(alice, start.paymentIntentId)).json()).toMatchObject({
      bookingStatus: 'confirmed',
      paymentStatus: 'succeeded',
    });
    expect(await usesOf('REVIENT10')).toBe(1);
  });

  it('is voided, not captured, when its single-use code went to someone else meanwhile', async () => {
    await singleUseCode('UNEFOIS10');
    const start = await lapsedAuthorisedBooking('UNEFOIS10');
    const other = await pay.start(carol, 'porsche-panamera', days(2), 2, 'UNEFOIS10');
    expect(await usesOf('UNEFOIS10')).toBe(1);

    expect((await pay.capture(alice, start.paymentIntentId)).json()).toMatchObject({
      bookingStatus: 'cancelled',
    });
    expect(await statusOf(start.bookingId)).toMatchObject({ cancellation_cause: 'code_spent' });
    const intent = await ctx.db.query<{ status: string; amount_received_cents: number }>(
      'select status, amount_received_cents from sandbox_intents where id = $1',
      [start.paymentIntentId],
    );
    expect(intent.rows[0]).toEqual({ status: 'canceled', amount_received_cents: 0 });
    const holders = await ctx.db.query<{ id: string }>(
      `select b.id from bookings b join promotions p on p.id = b.promotion_id
        where p.code = 'UNEFOIS10' and b.booking_status <> 'cancelled'`,
    );
    expect(holders.rows.map((row) => row.id)).toEqual([other.bookingId]);
    const notice = await ctx.db.query(`select 1 from email_outbox where dedupe_key = $1`, [
      `late-payment:${start.bookingId}`,
    ]);
    expect(notice.rows).toHaveLength(1);
  });

  it('is voided when the customer cancelled the lapsed booking before paying came through', async () => {
    const start = await lapsedAuthorisedBooking();
    const cancelled = await pay.cancel(alice, start.bookingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect((await pay.capture(alice, start.paymentIntentId)).json()).toMatchObject({
      bookingStatus: 'cancelled',
    });
    expect(await statusOf(start.bookingId)).toMatchObject({ cancellation_cause: 'customer' });
    expect((await moneyOf(start.bookingId)).processor).toEqual({ received: 0, refunded: 0 });
  });

  it('is voided, not captured then refunded, when the car was booked meanwhile', async () => {
    const from = days(2);
    const start = await pay.start(alice, 'lamborghini-urus', from, 2);
    expect((await pay.confirmCard(start)).statusCode).toBe(200);
    await lapse(start.bookingId);
    await pay.start(carol, 'lamborghini-urus', from, 2);

    expect((await pay.capture(alice, start.paymentIntentId)).json()).toMatchObject({
      bookingStatus: 'cancelled',
    });
    expect(await statusOf(start.bookingId)).toMatchObject({ cancellation_cause: 'car_taken' });
    expect((await moneyOf(start.bookingId)).processor).toEqual({ received: 0, refunded: 0 });
  });
});

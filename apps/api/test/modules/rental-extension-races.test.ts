import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleLapsedExtensions } from '../../src/modules/bookings/rental-extension.service';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { extensionSteps } from '../helpers/extension';
import { recordRentalPayment } from '../helpers/factories';
import { controlDatabase, type CrashPoint, type DatabaseControl } from '../helpers/interleaving';
import { rentalSteps } from '../helpers/rental';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let control: DatabaseControl;
let adminCookie: string;
let customer: SignedInUser;
const DAY = 86_400_000;
const RUNS = Number(process.env.FC_RUNS ?? 8);

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
  customer = await signUpUser(ctx, 'course.prolongation@example.fr');
  control = controlDatabase(ctx.db);
}, 60_000);
afterAll(async () => {
  control?.release();
  await ctx?.close();
});

const lazy = new Proxy({} as TestContext, { get: (_, key) => ctx[key as keyof TestContext] });
const rental = rentalSteps(lazy, () => adminCookie);
const extension = extensionSteps(lazy);

/** Where the server may die while the payment is recorded. */
const CRASH_POINTS: CrashPoint[] = [
  { label: 'closing the extension', pattern: /update rental_extensions set status/, nth: 1 },
  { label: 'moving the return', pattern: /update bookings set return_date/, nth: 1 },
  { label: 'the ledger row', pattern: /insert into money_movements/, nth: 1 },
  { label: 'the audit entry', pattern: /insert into audit_log/, nth: 1 },
];

/** The job that settles extensions left open, as the scheduler runs it. */
const lapseJob = () =>
  settleLapsedExtensions({
    db: ctx.db,
    payments: ctx.app.payments,
    site: ctx.config.site,
    log: ctx.app.log,
  });

/** A confirmed rental whose extension's card payment went through at the processor. */
async function paidExtension() {
  const bookingId = await rental.paidBooking(customer);
  await recordRentalPayment(ctx.db, bookingId, 24_900);
  const returnDate = await extension.returnDate(bookingId);
  const newReturn = new Date(returnDate.getTime() + DAY);
  const started = await extension.start(customer, bookingId, newReturn);
  expect(started.statusCode, started.body).toBe(200);
  const { intentId, clientSecret } = started.json<{ intentId: string; clientSecret: string }>();
  expect((await extension.payWithCard(intentId, clientSecret)).json().status).toBe('succeeded');
  // The customer took long enough for the job to find it open too.
  await ctx.db.query(
    `update rental_extensions set hold_expires_at = now() - interval '1 second' where booking_id = $1`,
    [bookingId],
  );
  return { bookingId, intentId, newReturn };
}

describe('an extension’s payment recorded by duplicates, the job and a crash, in any order', () => {
  it('is one ledger row equal to the processor, the return moved once, the car held once', async () => {
    const plans = fc.record({
      crash: fc.option(fc.constantFrom(...CRASH_POINTS), { freq: 3 }),
      jobFirst: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), plans, async (scheduler, plan) => {
        const { bookingId, intentId, newReturn } = await paidExtension();
        const operations: (() => Promise<unknown>)[] = [
          () => extension.confirm(customer, bookingId, intentId),
          () => extension.confirm(customer, bookingId, intentId),
          lapseJob,
        ];
        if (plan.jobFirst) operations.reverse();
        control.arm(plan.crash);
        control.attach(scheduler);
        try {
          await scheduler.waitFor(
            Promise.all(operations.map((operation) => control.operation(operation))),
          );
        } finally {
          control.attach(null);
          control.arm(null);
          await scheduler.waitAll();
        }
        // The browser asks again (or the job runs again) after the crash.
        const retried = await extension.confirm(customer, bookingId, intentId);
        expect(retried.json()).toEqual({ status: 'paid', returnDate: newReturn.toISOString() });
        await lapseJob();

        const received = await ctx.db.query<{ amount_received_cents: number }>(
          'select amount_received_cents from sandbox_intents where id = $1',
          [intentId],
        );
        expect(await extension.payments(bookingId)).toEqual([
          { amount_cents: received.rows[0]!.amount_received_cents, provider_ref: intentId },
        ]);
        expect((await extension.returnDate(bookingId)).toISOString()).toBe(newReturn.toISOString());
        const state = await ctx.db.query<{ status: string; held: number; audits: number }>(
          `select e.status,
              (select count(*)::int from vehicle_occupancy o where o.extension_id = e.id) as held,
              (select count(*)::int from audit_log a where a.entity_id = e.booking_id::text
                 and a.action in ('booking.extended', 'booking.extension_not_applied')) as audits
             from rental_extensions e where e.booking_id = $1`,
          [bookingId],
        );
        expect(state.rows).toEqual([{ status: 'paid', held: 0, audits: 1 }]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(control.crashes).toBeGreaterThan(0);
  }, 240_000);
});

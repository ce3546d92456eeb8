import type { FastifyInstance } from 'fastify';
import { findBookingForPayment, upsertPayment } from './bookings.repository';
import { cancelPendingBooking } from './bookings.service';
import { settleBookingPayment } from './payment-settlement';

/**
 * Background work that keeps bookings and money consistent with the payment provider. Each job
 * is safe to run on several instances at once and after a crash (every step is idempotent).
 */

/** Unpaid holds whose 15 minutes are over free the car; paid ones are confirmed instead. */
export async function releaseExpiredHolds(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>(
    `select id from bookings where booking_status = 'pending' and hold_expires_at <= now()
      order by hold_expires_at limit 50`,
  );
  for (const { id } of rows) {
    const booking = await findBookingForPayment(app.db, id);
    if (!booking) continue;
    const outcome = await settleBookingPayment(app, booking);
    if (outcome.bookingStatus !== 'pending') continue;
    if (booking.rental_intent_id) {
      const intent = await app.payments.cancelIntent(
        booking.rental_intent_id,
        `booking:${id}:expire`,
      );
      if (intent.status === 'succeeded') {
        await settleBookingPayment(app, booking);
        continue;
      }
    }
    await cancelPendingBooking(app, booking);
  }
  return rows.length;
}

/** Settles pending payments from the provider's truth (a crash between card and booking). */
export async function reconcilePendingPayments(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>(
    `select id from bookings where booking_status = 'pending' and payment_status = 'pending'
       and created_at <= now() - interval '1 minute' order by created_at limit 50`,
  );
  for (const { id } of rows) {
    const booking = await findBookingForPayment(app.db, id);
    if (booking) await settleBookingPayment(app, booking);
  }
  return rows.length;
}

/**
 * Deposit holds (issue 5, decision 013): a card authorisation lasts about 7 days, so the deposit
 * is authorised on the saved card 24 h before delivery, not at booking time, and renewed while
 * the rental lasts longer than the authorisation.
 */
export async function placeDueDepositHolds(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{
    id: string;
    reference: string;
    deposit_amount_cents: number;
    saved_payment_method: string | null;
  }>(
    `select id, reference, deposit_amount_cents, saved_payment_method from bookings
      where deposit_status = 'scheduled' and deposit_due_at <= now()
        and booking_status in ('confirmed', 'active') limit 50`,
  );
  for (const booking of rows) {
    if (!booking.saved_payment_method || booking.deposit_amount_cents < 50) {
      await app.db.query(`update bookings set deposit_status = 'failed' where id = $1`, [
        booking.id,
      ]);
      continue;
    }
    await holdDeposit(
      app,
      booking.id,
      booking.reference,
      booking.deposit_amount_cents,
      booking.saved_payment_method,
      1,
    );
  }
  return rows.length;
}

async function holdDeposit(
  app: FastifyInstance,
  bookingId: string,
  reference: string,
  amountCents: number,
  paymentMethodId: string,
  attempt: number,
): Promise<void> {
  try {
    const intent = await app.payments.holdOffSession({
      amountCents,
      paymentMethodId,
      description: `Caution · réservation ${reference}`,
      metadata: { bookingId, reference, kind: 'deposit' },
      idempotencyKey: `booking:${bookingId}:deposit:${attempt}`,
    });
    await upsertPayment(app.db, {
      bookingId,
      provider: app.payments.name,
      providerRef: intent.id,
      kind: 'deposit',
      amountCents,
      status: intent.status,
      captureBefore: intent.captureBefore,
    });
    await app.db.query(`update bookings set deposit_status = 'held' where id = $1`, [bookingId]);
  } catch (error) {
    app.log.error({ err: error, bookingId }, 'deposit hold failed');
    await app.db.query(`update bookings set deposit_status = 'failed' where id = $1`, [bookingId]);
  }
}

/** Renews a deposit hold that would lapse before the car is back (plus a day for inspection). */
export async function renewDepositHolds(app: FastifyInstance): Promise<number> {
  const { rows } = await app.db.query<{
    booking_id: string;
    reference: string;
    provider_ref: string;
    amount_cents: number;
    saved_payment_method: string;
    attempts: number;
  }>(
    `select p.booking_id, b.reference, p.provider_ref, p.amount_cents, b.saved_payment_method,
            (select count(*)::int from payments x where x.booking_id = b.id and x.kind = 'deposit') as attempts
       from payments p join bookings b on b.id = p.booking_id
      where p.kind = 'deposit' and p.status = 'requires_capture' and b.deposit_status = 'held'
        and b.saved_payment_method is not null
        and p.capture_before < now() + interval '1 day'
        and p.capture_before < b.return_date + interval '1 day' limit 50`,
  );
  for (const hold of rows) {
    await holdDeposit(
      app,
      hold.booking_id,
      hold.reference,
      hold.amount_cents,
      hold.saved_payment_method,
      hold.attempts + 1,
    );
    const old = await app.payments.cancelIntent(
      hold.provider_ref,
      `deposit:${hold.provider_ref}:renewed`,
    );
    await upsertPayment(app.db, {
      bookingId: hold.booking_id,
      provider: app.payments.name,
      providerRef: old.id,
      kind: 'deposit',
      amountCents: hold.amount_cents,
      status: old.status,
    });
  }
  return rows.length;
}

/** Runs the jobs every 30 s (unref'd); `stop` waits for the current run. */
export function startBookingJobs(app: FastifyInstance, intervalMs = 30_000) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      for (const job of [
        releaseExpiredHolds,
        reconcilePendingPayments,
        placeDueDepositHolds,
        renewDepositHolds,
      ]) {
        await job(app).catch((error: unknown) =>
          app.log.error({ err: error, job: job.name }, 'booking job failed'),
        );
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

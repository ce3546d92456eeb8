import { formatEuros } from '@vroum/core/money-format';
import type { PaymentIntent } from '../../providers/payment/payment-provider';
import { writeAudit } from '../audit/audit.service';
import { notifyCustomer } from '../notifications/notify-customer';
import { parisDateTime } from '../../lib/french-dates';
import { findBookingState } from './booking-lifecycle.repository';
import { tellReturnMoved } from './return-moved-notice';
import { renewDepositHold } from './booking-jobs';
import { findDepositHoldShortOfReturn } from './booking-jobs.repository';
import type { BookingOpsDeps } from './booking-money.service';
import { recordMovement } from './money-ledger.repository';
import { completeRefundParts, pendingRefundParts, reserveRefund } from './refunds.service';
import {
  closeExtension,
  findExtendableBooking,
  moveReturnDate,
  type RentalExtensionRow,
} from './rental-extension.repository';

/**
 * Records an extension the processor was paid for, once: under the booking's lock, the extension
 * closed as paid (its hold on the car goes), the booking's return date moved (which moves the
 * car's occupancy and the return mission), the ledger's `extension_payment` row keyed by the
 * extension's key, and the audit entry, in one transaction (for a booking closed meanwhile, the
 * return stays and the payment's refund is reserved instead). Then, outside it: the customer is
 * told and asked to sign the amendment, the return's agent is told, and a deposit hold that
 * would lapse before the new return is renewed through the payment port.
 */
export async function recordExtensionPayment(
  deps: BookingOpsDeps,
  row: RentalExtensionRow,
  intent: PaymentIntent,
): Promise<void> {
  const bookingId = row.booking_id;
  const recorded = await deps.db.transaction(async (tx) => {
    const booking = await findExtendableBooking(tx, bookingId, true);
    if (!booking || !(await closeExtension(tx, row.id, 'paid'))) return null;
    // The car is held for these days until this very statement, so only a booking closed (or
    // moved) meanwhile cannot take them: the money is then recorded for the team to refund.
    const moved =
      ['confirmed', 'active'].includes(booking.booking_status) &&
      (await moveReturnDate(tx, bookingId, row.from_date, row.to_date));
    await recordMovement(tx, {
      bookingId,
      kind: 'extension_payment',
      amountCents: intent.amountReceivedCents,
      provider: deps.payments.name,
      providerRef: intent.id,
      key: row.idempotency_key,
      note: `Prolongation jusqu’au ${parisDateTime(row.to_date)}`,
    });
    // Days the customer can no longer have are given back whole, on the extension's own intent:
    // reserved here, so a crash before the processor is asked leaves it to the pending job.
    if (!moved) {
      await reserveRefund(tx, deps, {
        bookingId,
        actorUserId: null,
        amountCents: intent.amountReceivedCents,
        key: notAppliedKey(row),
        providerRef: intent.id,
      });
    }
    await writeAudit(tx, {
      actorUserId: null,
      action: moved ? 'booking.extended' : 'booking.extension_not_applied',
      entity: 'booking',
      entityId: bookingId,
      before: { returnDate: row.from_date.toISOString() },
      after: {
        returnDate: (moved ? row.to_date : booking.return_date).toISOString(),
        amountCents: intent.amountReceivedCents,
        provider: deps.payments.name,
        intentId: intent.id,
        idempotencyKey: row.idempotency_key,
      },
    });
    return { moved };
  });
  if (!recorded) return;
  if (!recorded.moved) {
    deps.log.warn({ bookingId, intentId: intent.id }, 'extension paid for a closed booking');
    await completeRefundParts(
      deps,
      { bookingId, actorUserId: null, details: { reason: 'extension_not_applied' } },
      await pendingRefundParts(deps.db, notAppliedKey(row)),
    );
    return;
  }
  await tellExtended(deps, row);
  await tellReturnMoved(deps, {
    bookingId,
    from: row.from_date,
    to: row.to_date,
    key: row.idempotency_key,
  });
  const hold = await findDepositHoldShortOfReturn(deps.db, bookingId);
  if (hold) await renewDepositHold({ ...deps, config: { site: deps.site } }, hold);
}

/** The refund of an extension paid for a booking that can no longer take it. */
const notAppliedKey = (row: RentalExtensionRow) => `${row.idempotency_key}:not-applied`;

async function tellExtended(deps: BookingOpsDeps, row: RentalExtensionRow): Promise<void> {
  const booking = await findBookingState(deps.db, row.booking_id);
  if (!booking?.customer_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.user_id,
    email: booking.customer_email,
    dedupeKey: `extension-paid:${row.idempotency_key}`,
    title: `Location ${booking.reference} prolongée`,
    message: `Votre paiement de ${formatEuros(row.amount_cents)} est bien reçu : vous gardez la ${booking.vehicle_name} jusqu’au ${parisDateTime(row.to_date)}. Signez l’avenant à votre contrat depuis votre réservation.`,
    link: `/reservation/${row.booking_id}/contrat`,
    linkLabel: 'Signer l’avenant',
  });
}

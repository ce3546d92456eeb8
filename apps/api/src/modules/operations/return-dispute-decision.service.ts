import { formatEuros } from '@vroum/core/money-format';
import type {
  AdminDispute,
  DisputeDecisionRequest,
  DisputeOutcome,
} from '@vroum/core/return-disputes';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import {
  lockBookingBalanceDue,
  refundableOnRental,
  waiveCharge,
} from '../bookings/balance-adjustments.service';
import { refundRental } from '../bookings/refunds.service';
import { findBookingState } from '../bookings/booking-reads.service';
import { notifyCustomer } from '../notifications/notify-customer';
import {
  findInspectionsSideBySide,
  listDisputes,
  lockDispute,
  writeDisputeDecision,
  type DisputeListRow,
} from './return-disputes.repository';
import { toDispute, type DisputeDeps } from './return-disputes.service';

async function toAdminDispute(deps: DisputeDeps, row: DisputeListRow): Promise<AdminDispute> {
  const base = `/api/v1/bookings/${row.booking_id}/inspections`;
  const inspections = await findInspectionsSideBySide(deps.db, row.booking_id);
  return {
    ...toDispute(row),
    reference: row.reference,
    customerName: row.customer_name,
    vehicleName: row.vehicle_name,
    balanceDueCents: row.balance_due_cents,
    inspections: inspections.map((inspection) => ({
      kind: inspection.kind,
      at: inspection.created_at.toISOString(),
      odometerKm: inspection.odometer_km,
      fuelPercent: inspection.fuel_percent,
      damages: inspection.damages.map((damage) => ({
        zone: damage.zone,
        note: damage.note ?? '',
      })),
      interiorNote: inspection.interior_note,
      photoUrls: inspection.photo_ids.map((id) => `${base}/photos/${id}`),
      reportUrl: `${base}/${inspection.kind}/report`,
    })),
  };
}

/** The console's cases: open ones first, each with both inspections to compare. */
export async function disputesForConsole(deps: DisputeDeps): Promise<AdminDispute[]> {
  const rows = await listDisputes(deps.db);
  return Promise.all(rows.map((row) => toAdminDispute(deps, row)));
}

/** The cases waiting for a decision, oldest first, without their inspections. */
export async function openDisputes(deps: Pick<DisputeDeps, 'db'>) {
  return (await listDisputes(deps.db))
    .filter((row) => row.status === 'open')
    .map((row) => ({
      ...toDispute(row),
      reference: row.reference,
      customerName: row.customer_name,
    }));
}

const keptOf = (outcome: DisputeOutcome, contested: number, kept: number | undefined) =>
  outcome === 'keep' ? contested : outcome === 'refund' ? 0 : (kept ?? contested);

/**
 * The team's decision on a dispute, written once on the locked case with its answer: keep the
 * charges, reduce them to an amount, or refund them in full. What is given up is first taken off
 * what the customer still owes (a ledger row of its own), the rest refunded on the card through
 * `refundRental`, once, under a key derived from the case. Two administrators deciding together
 * make one decision; asking again for the same one completes its refund and answers it. The
 * customer is told the decision and the answer.
 */
export async function decideDispute(
  deps: DisputeDeps,
  adminId: string,
  disputeId: string,
  request: DisputeDecisionRequest,
): Promise<AdminDispute> {
  const decided = await deps.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId);
    if (!dispute) throw notFound('Contestation introuvable.', 'dispute_not_found');
    const keptCents = keptOf(request.outcome, dispute.contested_cents, request.keptCents);
    if (dispute.status === 'decided') {
      if (dispute.outcome === request.outcome && dispute.kept_cents === keptCents) {
        return { dispute, fresh: false };
      }
      throw new AppError('dispute_decided', 'Cette contestation a déjà été tranchée.', 409);
    }
    if (request.outcome === 'reduce' && (keptCents <= 0 || keptCents >= dispute.contested_cents)) {
      throw new AppError(
        'invalid_reduction',
        `Le montant maintenu doit être compris entre 0 et ${formatEuros(dispute.contested_cents)}, bornes exclues.`,
        422,
        'keptCents',
      );
    }
    const dueCents = (await lockBookingBalanceDue(tx, dispute.booking_id)) ?? 0;
    const givenUp = dispute.contested_cents - keptCents;
    const waivedCents = Math.min(givenUp, dueCents);
    const refundCents = givenUp - waivedCents;
    if (refundCents > 0) {
      const refundable = await refundableOnRental(tx, dispute.booking_id, deps.payments.name);
      if (refundCents > refundable) {
        throw new AppError(
          'refund_too_large',
          `Le remboursement (${formatEuros(refundCents)}) dépasse ce qui peut être rendu sur la carte du client (${formatEuros(Math.max(refundable, 0))}).`,
          422,
          'keptCents',
        );
      }
    }
    if (waivedCents > 0) {
      await waiveCharge(tx, {
        bookingId: dispute.booking_id,
        amountCents: waivedCents,
        key: `dispute:${disputeId}:waive`,
        actorUserId: adminId,
        note: 'Contestation tranchée en faveur du client',
      });
    }
    const decision = {
      outcome: request.outcome,
      keptCents,
      waivedCents,
      refundCents,
      answer: request.answer,
      decidedBy: adminId,
    };
    await writeDisputeDecision(tx, disputeId, decision);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'dispute.decide',
      entity: 'booking',
      entityId: dispute.booking_id,
      before: { disputeId, status: 'open', contestedCents: dispute.contested_cents },
      after: { disputeId, ...decision },
    });
    return { dispute: { ...dispute, refund_cents: refundCents }, fresh: true };
  });
  const { dispute } = decided;
  if ((dispute.refund_cents ?? 0) > 0) {
    await refundRental(deps, {
      bookingId: dispute.booking_id,
      actorUserId: adminId,
      amountCents: dispute.refund_cents!,
      key: `dispute:${disputeId}:refund`,
      // The contested charges were paid by these, when the card took them.
      prefer: ['card_charge', 'balance_payment'],
      details: { disputeId },
    });
  }
  await tellCustomerOfDecision(deps, disputeId);
  const row = (await listDisputes(deps.db)).find((entry) => entry.id === disputeId);
  if (!row) throw notFound('Contestation introuvable.', 'dispute_not_found');
  return toAdminDispute(deps, row);
}

async function tellCustomerOfDecision(deps: DisputeDeps, disputeId: string): Promise<void> {
  const row = (await listDisputes(deps.db)).find((entry) => entry.id === disputeId);
  if (!row || row.status !== 'decided') return;
  const booking = await findBookingState(deps.db, row.booking_id);
  if (!booking?.customer_email) return;
  const refund = row.refund_cents ?? 0;
  const waived = row.waived_cents ?? 0;
  const outcome =
    row.outcome === 'keep'
      ? `Après examen, les frais de restitution (${formatEuros(row.contested_cents)}) sont maintenus.`
      : row.outcome === 'refund'
        ? `Après examen, les frais de restitution (${formatEuros(row.contested_cents)}) sont annulés.`
        : `Après examen, les frais de restitution sont ramenés de ${formatEuros(row.contested_cents)} à ${formatEuros(row.kept_cents ?? 0)}.`;
  const money = [
    ...(refund > 0 ? [`${formatEuros(refund)} vous sont remboursés sur votre carte.`] : []),
    ...(waived > 0 ? [`${formatEuros(waived)} ne vous sont plus demandés.`] : []),
  ];
  await notifyCustomer(deps.db, deps.site, {
    userId: booking.user_id,
    email: booking.customer_email,
    dedupeKey: `dispute-decided:${disputeId}`,
    title: `Réponse à votre contestation : location ${booking.reference}`,
    message: [outcome, ...money].join(' '),
    paragraphs: [outcome, ...money, `Notre réponse : « ${row.answer ?? ''} »`],
    link: `/reservation/${row.booking_id}`,
    linkLabel: 'Voir ma réservation',
  });
}

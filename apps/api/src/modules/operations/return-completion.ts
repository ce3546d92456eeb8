import { AGENCY_CODE } from '@vroum/core/customer-codes';
import { formatEuros } from '@vroum/core/money-format';
import { notFound } from '../../lib/app-error';
import { changeBookingStatus } from '../bookings/booking-lifecycle.service';
import type { BookingOpsDeps } from '../bookings/booking-money.service';
import { refundRental } from '../bookings/refunds.service';
import { settleReturnCharges, type ReturnSettlement } from '../bookings/return-settlement.service';
import { notifyCustomer } from '../notifications/notify-customer';
import { issueCustomerCode } from '../promotions/promotions.service';
import { findReturnDecision } from './inspections.repository';
import { findMission } from './operations.repository';
import type { OperationsDeps } from './operations.service';

export type ReturnDeps = OperationsDeps & BookingOpsDeps;

const AGENCY_PERCENT = `${AGENCY_CODE.discountBasisPoints / 100} %`;
const opsDeps = (deps: ReturnDeps): BookingOpsDeps => deps;

export interface ReturnCompletion extends Pick<
  ReturnSettlement,
  'bookingId' | 'actorUserId' | 'fromDepositCents' | 'cardCents' | 'key' | 'approval'
> {
  /** Said to the customer before the amounts (the damage's outcome), if anything. */
  damageNote?: string;
}

/**
 * Closes a returned rental once what it owes is decided: at the return itself when no damage
 * waits for a decision, or at the administrator's decision on the damage. Takes the amounts
 * (deposit first, then the saved card, under keys derived from `key`), gives back the collection
 * fee of a return at the agency, issues the agency's code, completes the booking and tells the
 * customer. Every step is idempotent: a retry finishes what a failure left.
 */
export async function completeReturn(
  deps: ReturnDeps,
  completion: ReturnCompletion,
): Promise<{ unpaidCents: number; promoCode: string | null }> {
  const { bookingId, actorUserId } = completion;
  const [decision, mission] = await Promise.all([
    findReturnDecision(deps.db, bookingId),
    findMission(deps.db, bookingId, 'return'),
  ]);
  if (!decision || !mission) throw notFound('Restitution introuvable', 'return_not_found');
  const { charges, contestUntil } = decision;
  const totalCents = completion.fromDepositCents + completion.cardCents;
  const { unpaidCents } = await settleReturnCharges(opsDeps(deps), {
    bookingId,
    actorUserId,
    fromDepositCents: completion.fromDepositCents,
    cardCents: completion.cardCents,
    reason: 'Restitution : kilomètres, carburant ou dommages',
    key: completion.key,
    approval: completion.approval,
  });
  const returnFeeRefundCents = charges.returnFeeRefundCents ?? 0;
  if (returnFeeRefundCents > 0) {
    await refundRental(opsDeps(deps), {
      bookingId,
      actorUserId,
      amountCents: returnFeeRefundCents,
      key: `booking:${bookingId}:return-fee`,
      // The return fee was part of the rental's price: given back on the rental's payment first.
      prefer: ['rental_capture'],
      details: { reason: 'Restitution à l’agence : frais de restitution remboursés' },
    });
  }
  const promoCode = mission.user_id ? charges.promoCode : null;
  if (promoCode && mission.user_id) {
    await issueCustomerCode(deps.db, { code: promoCode, userId: mission.user_id, ...AGENCY_CODE });
  }
  const refundNote =
    returnFeeRefundCents > 0
      ? ` Les frais de restitution (${formatEuros(returnFeeRefundCents)}) vous sont remboursés, puisque le véhicule a été rendu à l’agence.`
      : '';
  const due =
    totalCents > 0
      ? `${formatEuros(totalCents)} sont dus (kilomètres, carburant ou dommages) : vous pouvez les contester en répondant à ce message jusqu’au ${contestUntil.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}. Le reste de la caution est libéré.`
      : 'Aucun montant n’est dû : la caution retenue sur votre carte est libérée.';
  const unpaidNote =
    unpaidCents > 0
      ? ` Votre carte n’a pas accepté le prélèvement de ${formatEuros(unpaidCents)} : réglez-le en ligne depuis votre réservation, par carte (paiement sécurisé 3-D Secure), ou par virement auprès de notre équipe.`
      : '';
  const summary = `${completion.damageNote ? `${completion.damageNote} ` : ''}${due}${unpaidNote}${refundNote}`;
  await changeBookingStatus(opsDeps(deps), {
    bookingId,
    to: 'completed',
    event: 'returned',
    actorUserId,
    details: { totalCents, unpaidCents },
    message: promoCode
      ? `${summary} Merci d’avoir rendu le véhicule à l’agence : votre code ${promoCode} vous offre ${AGENCY_PERCENT} sur votre prochaine location.`
      : summary,
  });
  if (promoCode && mission.user_id && mission.customer_email) {
    await notifyCustomer(deps.db, deps.site, {
      userId: mission.user_id,
      email: mission.customer_email,
      dedupeKey: `agency-code:${bookingId}`,
      title: 'Votre code pour la prochaine location',
      message: `Votre code ${promoCode} : ${AGENCY_PERCENT} sur votre prochaine location, valable ${AGENCY_CODE.validDays} jours, une fois.`,
      link: '/profil',
      linkLabel: 'Voir mon compte',
    });
  }
  return { unpaidCents, promoCode };
}

import { formatEuros } from '@vroum/core/money-format';
import type { ReturnRecorded, ReturnReport } from '@vroum/core/operations';
import { AGENCY_CODE } from '@vroum/core/customer-codes';
import { computeReturnCharges, CONTEST_DAYS } from '@vroum/core/return-charges';
import { AppError } from '../../lib/app-error';
import { changeBookingStatus } from '../bookings/booking-lifecycle.service';
import {
  heldDepositCents,
  refundRental,
  type BookingOpsDeps,
} from '../bookings/booking-money.service';
import { findRentalAllowance } from '../bookings/rental-allowance.repository';
import { settleReturnCharges } from '../bookings/return-settlement.service';
import { notifyCustomer } from '../notifications/notify-customer';
import { issueCustomerCode } from '../promotions/promotions.repository';
import { renderInspectionReport } from './inspection-pdf';
import {
  findReturnDecision,
  findInspectionReadings,
  insertInspection,
  type StoredCharges,
} from './inspections.repository';
import { loadPhotos, requirePhotos } from './inspections.service';
import { setMissionStatus } from './operations.repository';
import { ownMission, type OperationsDeps, type Staff } from './operations.service';

const AGENCY_PERCENT = `${AGENCY_CODE.discountBasisPoints / 100} %`;

const opsDeps = (deps: OperationsDeps & BookingOpsDeps): BookingOpsDeps => deps;

/**
 * The return inspection and the deposit decision. The charges are computed by the server from
 * the handover and return readings, recorded once with the report (a retry or a concurrent
 * request finds them), then taken through the payment port under keys derived from the booking:
 * from the deposit hold first, the rest from the saved card; nothing due releases the hold.
 * The booking is then 'Terminée', the customer gets the report, and a return at the agency earns
 * a single-use code for the next rental.
 */
export async function recordReturn(
  deps: OperationsDeps & BookingOpsDeps,
  staff: Staff & { name: string },
  bookingId: string,
  report: ReturnReport,
): Promise<ReturnRecorded> {
  const mission = await ownMission(deps, staff, bookingId, 'return');
  const reportUrl = `/api/v1/bookings/${bookingId}/inspections/return/report`;
  let decision = await findReturnDecision(deps.db, bookingId);
  if (!decision && mission.booking_status !== 'active') {
    throw new AppError(
      'invalid_transition',
      'Seule une location en cours peut être restituée.',
      409,
    );
  }
  if (!decision) {
    const [allowance, handover] = await Promise.all([
      findRentalAllowance(deps.db, bookingId),
      findInspectionReadings(deps.db, bookingId, 'handover'),
    ]);
    if (!allowance || !handover) {
      throw new AppError(
        'no_handover',
        'La livraison de ce véhicule n’a pas été enregistrée.',
        409,
      );
    }
    if (report.odometerKm < handover.odometerKm) {
      throw new AppError(
        'odometer_lower',
        `Le kilométrage est inférieur à celui de la livraison (${handover.odometerKm} km).`,
        422,
        'odometerKm',
      );
    }
    const computed = computeReturnCharges({
      handoverKm: handover.odometerKm,
      returnKm: report.odometerKm,
      handoverFuelPercent: handover.fuelPercent,
      returnFuelPercent: report.fuelPercent,
      days: allowance.days,
      unlimitedKm: allowance.unlimitedKm,
      dailyKmLimit: allowance.dailyKmLimit,
      damageCents: report.damageCents,
    });
    const fromDepositCents = Math.min(computed.totalCents, await heldDepositCents(deps, bookingId));
    const charges: StoredCharges = {
      ...computed,
      fromDepositCents,
      cardCents: computed.totalCents - fromDepositCents,
      promoCode: report.atAgency && mission.user_id ? `MERCI-${mission.reference}` : null,
      returnFeeRefundCents: report.atAgency ? allowance.returnFeeCents : 0,
    };
    const contestUntil = new Date(Date.now() + CONTEST_DAYS * 86_400_000);
    const photos = await requirePhotos(deps, bookingId, 'return', report.damages);
    const lines: [string, number][] = [
      [`Kilomètres au-delà du forfait (${computed.extraKm} km)`, computed.extraKmCents],
      [`Carburant ou charge manquant (${computed.missingFuelPercent} %)`, computed.fuelCents],
      ['Dommages constatés', computed.damageCents],
    ];
    const at = new Date();
    const { pdf, sha256 } = await renderInspectionReport(deps.site, {
      kind: 'return',
      reference: mission.reference,
      vehicleName: mission.vehicle_name,
      customerName: mission.customer_name,
      address: report.atAgency ? deps.site.agencyAddress : mission.address,
      agentName: staff.name,
      at,
      odometerKm: report.odometerKm,
      fuelPercent: report.fuelPercent,
      keysCount: report.keysCount,
      accessories: report.accessories,
      identityChecked: false,
      damages: report.damages,
      interiorNote: report.interiorNote,
      photos: await loadPhotos(deps, photos),
      signerName: report.signerName,
      signaturePng: new Uint8Array(Buffer.from(report.signature.split(',')[1]!, 'base64')),
      charges: { lines, totalCents: computed.totalCents, contestUntil, note: report.chargeNote },
    });
    const reportKey = `inspections/${bookingId}/return/report-${sha256.slice(0, 16)}.pdf`;
    await deps.storage.put(reportKey, Buffer.from(pdf), 'application/pdf');
    await deps.db.transaction(async (tx) => {
      await insertInspection(tx, {
        bookingId,
        kind: 'return',
        agentId: staff.id,
        odometerKm: report.odometerKm,
        fuelPercent: report.fuelPercent,
        damages: report.damages,
        interiorNote: report.interiorNote,
        keysCount: report.keysCount,
        accessories: report.accessories,
        identityChecked: false,
        atAgency: report.atAgency,
        signerName: report.signerName,
        reportKey,
        reportSha256: sha256,
        charges,
        contestUntil,
      });
      await setMissionStatus(tx, bookingId, 'return', 'collected');
    });
    // A concurrent request may have recorded its own first: from here on, that one decides.
    decision = (await findReturnDecision(deps.db, bookingId))!;
  }

  const { charges, contestUntil } = decision;
  const { unpaidCents } = await settleReturnCharges(opsDeps(deps), {
    bookingId,
    actorUserId: staff.id,
    fromDepositCents: charges.fromDepositCents,
    cardCents: charges.cardCents,
    reason: 'Restitution : kilomètres, carburant ou dommages',
    key: `booking:${bookingId}:return`,
  });
  const returnFeeRefundCents = charges.returnFeeRefundCents ?? 0;
  if (returnFeeRefundCents > 0) {
    await refundRental(opsDeps(deps), {
      bookingId,
      actorUserId: staff.id,
      amountCents: returnFeeRefundCents,
      key: `booking:${bookingId}:return-fee`,
      details: { reason: 'Restitution à l’agence : frais de restitution remboursés' },
    });
  }
  if (charges.promoCode && mission.user_id) {
    await issueCustomerCode(deps.db, {
      code: charges.promoCode,
      userId: mission.user_id,
      ...AGENCY_CODE,
    });
  }
  const refundNote =
    returnFeeRefundCents > 0
      ? ` Les frais de restitution (${formatEuros(returnFeeRefundCents)}) vous sont remboursés, puisque le véhicule a été rendu à l’agence.`
      : '';
  const due =
    charges.totalCents > 0
      ? `${formatEuros(charges.totalCents)} sont dus (kilomètres, carburant ou dommages) : vous pouvez les contester en répondant à ce message jusqu’au ${contestUntil.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}. Le reste de la caution est libéré.`
      : 'Aucun montant n’est dû : la caution retenue sur votre carte est libérée.';
  const unpaidNote =
    unpaidCents > 0
      ? ` Votre carte n’a pas accepté le prélèvement de ${formatEuros(unpaidCents)} : notre équipe vous contacte pour le règlement.`
      : '';
  const summary = `${due}${unpaidNote}${refundNote}`;
  await changeBookingStatus(opsDeps(deps), {
    bookingId,
    to: 'completed',
    actorUserId: staff.id,
    details: { totalCents: charges.totalCents, unpaidCents },
    message: charges.promoCode
      ? `${summary} Merci d’avoir rendu le véhicule à l’agence : votre code ${charges.promoCode} vous offre ${AGENCY_PERCENT} sur votre prochaine location.`
      : summary,
  });
  if (charges.promoCode && mission.user_id && mission.customer_email) {
    await notifyCustomer(deps.db, deps.site, {
      userId: mission.user_id,
      email: mission.customer_email,
      dedupeKey: `agency-code:${bookingId}`,
      title: 'Votre code pour la prochaine location',
      message: `Votre code ${charges.promoCode} : ${AGENCY_PERCENT} sur votre prochaine location, valable ${AGENCY_CODE.validDays} jours, une fois.`,
      link: '/profil',
      linkLabel: 'Voir mon compte',
    });
  }
  return {
    bookingId,
    bookingStatus: 'completed',
    reportUrl,
    charges: {
      drivenKm: charges.drivenKm,
      allowanceKm: charges.allowanceKm,
      extraKm: charges.extraKm,
      extraKmCents: charges.extraKmCents,
      missingFuelPercent: charges.missingFuelPercent,
      fuelCents: charges.fuelCents,
      damageCents: charges.damageCents,
      totalCents: charges.totalCents,
    },
    promoCode: charges.promoCode,
  };
}

import { chargeableDamageCents, damageExcessCents } from '@vroum/core/damage-excess';
import { formatEuros } from '@vroum/core/money-format';
import type { DamageAssessment, ReturnRecorded, ReturnReport } from '@vroum/core/operations';
import { findProtectionPlan } from '@vroum/core/protection';
import { computeReturnCharges, CONTEST_DAYS } from '@vroum/core/return-charges';
import { AppError } from '../../lib/app-error';
import { heldDepositCents } from '../bookings/booking-money.service';
import { findRentalAllowance } from '../bookings/booking-reads.service';
import { writeAudit } from '../audit/audit.service';
import { tellCustomerOfDamage } from './damage-claim-notices';
import {
  findBookingDamageClaim,
  findDamageTerms,
  insertDamageClaim,
} from './damage-claims.repository';
import { renderInspectionReport } from './inspection-pdf';
import {
  findReturnDecision,
  findInspectionReadings,
  insertInspection,
  type StoredCharges,
} from './inspections.repository';
import { loadPhotos, requirePhotos } from './inspections.service';
import { setMissionStatus, type MissionRow } from './operations.repository';
import { ownMission, type Staff } from './operations.service';
import { completeReturn, type ReturnDeps } from './return-completion';

/** The return's charges as recorded, with the damage found and what of it may be charged. */
type RecordedCharges = StoredCharges & { damage?: DamageAssessment | null };

/**
 * The return inspection. The kilometres and fuel owed are computed by the server from the
 * handover and return readings; new damage is the agent's assessment, shown by photos, and only
 * its part within the plan's excess may be charged. Everything is recorded once with the report
 * (a retry or a concurrent request finds it). Without damage to charge, the amounts are taken at
 * once (deposit first, then the saved card) and the rental completes. Damage to charge becomes
 * a claim that an administrator decides: until then nothing is taken, the deposit stays held,
 * the rental stays open, and the customer receives the itemised amounts and the photos.
 */
export async function recordReturn(
  deps: ReturnDeps,
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
    await recordReturnReport(deps, staff, mission, report);
    // A concurrent request may have recorded its own first: from here on, that one decides.
    decision = (await findReturnDecision(deps.db, bookingId))!;
  }
  const charges = decision.charges as RecordedCharges;
  const claim = await findBookingDamageClaim(deps.db, bookingId);
  let bookingStatus = mission.booking_status;
  let promoCode: string | null = null;
  if (claim?.status === 'pending') {
    await tellCustomerOfDamage(deps, claim, charges, decision.contestUntil);
  } else if (!claim) {
    const covered = charges.damage && charges.damage.assessedCents > 0;
    ({ promoCode } = await completeReturn(deps, {
      bookingId,
      actorUserId: staff.id,
      fromDepositCents: charges.fromDepositCents,
      cardCents: charges.cardCents,
      key: `booking:${bookingId}:return`,
      damageNote: covered
        ? `Les dommages constatés (estimés à ${formatEuros(charges.damage!.assessedCents)}) sont couverts par votre protection : ils ne vous sont pas facturés.`
        : undefined,
    }));
    bookingStatus = 'completed';
  }
  // A decided claim was settled by its decision, in the console.
  return {
    bookingId,
    bookingStatus,
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
    damage: charges.damage
      ? { ...charges.damage, awaitingApproval: claim?.status === 'pending' }
      : null,
    promoCode,
  };
}

/** An assessed amount is shown by at least one damage with its photo. */
function requireDamageEvidence(report: ReturnReport): void {
  if (report.damageCents > 0 && !report.damages.some((damage) => damage.photoIds.length > 0)) {
    throw new AppError(
      'damage_photo_required',
      'Relevez chaque dommage facturé sur le schéma, avec au moins une photo.',
      422,
      'damages',
    );
  }
}

/**
 * Computes the charges, seals the signed report with its photos, and records the inspection and,
 * when damage may be charged, its claim with the audit entry, in one transaction.
 */
async function recordReturnReport(
  deps: ReturnDeps,
  staff: Staff & { name: string },
  mission: MissionRow,
  report: ReturnReport,
): Promise<void> {
  const bookingId = mission.booking_id;
  requireDamageEvidence(report);
  const [allowance, handover, terms] = await Promise.all([
    findRentalAllowance(deps.db, bookingId),
    findInspectionReadings(deps.db, bookingId, 'handover'),
    findDamageTerms(deps.db, bookingId),
  ]);
  if (!allowance || !handover) {
    throw new AppError('no_handover', 'La livraison de ce véhicule n’a pas été enregistrée.', 409);
  }
  if (report.odometerKm < handover.odometerKm) {
    throw new AppError(
      'odometer_lower',
      `Le kilométrage est inférieur à celui de la livraison (${handover.odometerKm} km).`,
      422,
      'odometerKm',
    );
  }
  // What is owed at once: kilometres and fuel. The damage waits for an administrator.
  const computed = computeReturnCharges({
    handoverKm: handover.odometerKm,
    returnKm: report.odometerKm,
    handoverFuelPercent: handover.fuelPercent,
    returnFuelPercent: report.fuelPercent,
    days: allowance.days,
    unlimitedKm: allowance.unlimitedKm,
    dailyKmLimit: allowance.dailyKmLimit,
    damageCents: 0,
  });
  const excessCents = damageExcessCents(terms.protectionPlan, terms.vehicleValueCents);
  const chargeableCents = chargeableDamageCents(
    terms.protectionPlan,
    report.damageCents,
    terms.vehicleValueCents,
  );
  const claimed = chargeableCents > 0;
  // With a claim, the deposit is captured once, with the decision: nothing is split now.
  const fromDepositCents = claimed
    ? 0
    : Math.min(computed.totalCents, await heldDepositCents(deps, bookingId));
  const charges: RecordedCharges = {
    ...computed,
    fromDepositCents,
    cardCents: claimed ? 0 : computed.totalCents - fromDepositCents,
    promoCode: report.atAgency && mission.user_id ? `MERCI-${mission.reference}` : null,
    returnFeeRefundCents: report.atAgency ? allowance.returnFeeCents : 0,
    damage:
      report.damageCents > 0
        ? { assessedCents: report.damageCents, chargeableCents, awaitingApproval: claimed }
        : null,
  };
  const contestUntil = new Date(Date.now() + CONTEST_DAYS * 86_400_000);
  const photos = await requirePhotos(deps, bookingId, 'return', report.damages);
  const plan = findProtectionPlan(terms.protectionPlan);
  const damageLine: [string, number][] =
    report.damageCents > 0
      ? [
          [
            claimed
              ? `Dommages (estimés à ${formatEuros(report.damageCents)}), dans la franchise, à valider`
              : `Dommages (estimés à ${formatEuros(report.damageCents)}), couverts : ${plan.name}`,
            chargeableCents,
          ],
        ]
      : [];
  const lines: [string, number][] = [
    [`Kilomètres au-delà du forfait (${computed.extraKm} km)`, computed.extraKmCents],
    [`Carburant ou charge manquant (${computed.missingFuelPercent} %)`, computed.fuelCents],
    ...damageLine,
  ];
  const pending = claimed
    ? 'Les dommages ne sont prélevés qu’après validation par un responsable, qui peut en réduire le montant ; vous êtes informé de sa décision.'
    : '';
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
    charges: {
      lines,
      totalCents: computed.totalCents + chargeableCents,
      contestUntil,
      note: [report.chargeNote, pending].filter(Boolean).join(' '),
    },
  });
  const reportKey = `inspections/${bookingId}/return/report-${sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(reportKey, Buffer.from(pdf), 'application/pdf');
  await deps.db.transaction(async (tx) => {
    const inserted = await insertInspection(tx, {
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
    if (!inserted) return;
    await setMissionStatus(tx, bookingId, 'return', 'collected');
    if (!claimed) return;
    const claimId = await insertDamageClaim(tx, {
      bookingId,
      recordedBy: staff.id,
      ...terms,
      excessCents,
      assessedCents: report.damageCents,
      chargeableCents,
      otherChargesCents: computed.totalCents,
      damages: report.damages,
      note: report.chargeNote,
    });
    await writeAudit(tx, {
      actorUserId: staff.id,
      action: 'damage_claim.record',
      entity: 'booking',
      entityId: bookingId,
      before: null,
      after: {
        claimId,
        protectionPlan: terms.protectionPlan,
        assessedCents: report.damageCents,
        excessCents,
        chargeableCents,
        otherChargesCents: computed.totalCents,
        photoIds: photos.map((photo) => photo.id),
      },
    });
  });
}

import { formatEuros } from '@vroum/core/money-format';
import type { ReturnRecorded, ReturnReport } from '@vroum/core/operations';
import { CONTEST_DAYS } from '@vroum/core/return-charges';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { tellCustomerOfDamage } from './damage-claim-notices';
import { findBookingDamageClaim, insertDamageClaim } from './damage-claims.repository';
import { inspectionRow, sealInspection, type InspectionToSeal } from './inspection-record';
import { findReturnDecision, insertInspection, type PhotoRow } from './inspections.repository';
import {
  assessReturn,
  reportCharges,
  type RecordedCharges,
  type ReturnAssessment,
} from './return-assessment';
import { setMissionStatus, type MissionRow } from './operations.repository';
import { ownMission, type Staff } from './operations.service';
import { completeReturn, type ReturnDeps } from './return-completion';

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

/** The damage's claim, for an administrator to decide, and its audit entry. */
async function recordDamageClaim(
  tx: Queryable,
  staff: Staff,
  bookingId: string,
  report: ReturnReport,
  { computed, terms, excessCents, chargeableCents }: ReturnAssessment,
  photos: PhotoRow[],
): Promise<void> {
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
  const assessment = await assessReturn(deps, mission, report);
  const contestUntil = new Date(Date.now() + CONTEST_DAYS * 86_400_000);
  const inspection: InspectionToSeal = {
    kind: 'return',
    mission,
    staff,
    readings: report,
    address: report.atAgency ? deps.site.agencyAddress : mission.address,
    identityChecked: false,
    signaturePng: new Uint8Array(Buffer.from(report.signature.split(',')[1]!, 'base64')),
    charges: reportCharges(report, assessment, contestUntil),
  };
  const sealed = await sealInspection(deps, inspection);
  const row = inspectionRow(inspection, sealed, {
    atAgency: report.atAgency,
    charges: assessment.charges,
    contestUntil,
  });
  await deps.db.transaction(async (tx) => {
    if (!(await insertInspection(tx, row))) return;
    await setMissionStatus(tx, bookingId, 'return', 'collected');
    if (assessment.claimed) {
      await recordDamageClaim(tx, staff, bookingId, report, assessment, sealed.photos);
    }
  });
}

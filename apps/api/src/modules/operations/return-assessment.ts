import { chargeableDamageCents, damageExcessCents } from '@vroum/core/damage-excess';
import { formatEuros } from '@vroum/core/money-format';
import type { DamageAssessment, ReturnReport } from '@vroum/core/operations';
import { findProtectionPlan } from '@vroum/core/protection';
import { computeReturnCharges } from '@vroum/core/return-charges';
import { AppError } from '../../lib/app-error';
import { heldDepositCents } from '../bookings/booking-money.service';
import { findRentalAllowance } from '../bookings/booking-reads.service';
import { findDamageTerms } from './damage-claims.repository';
import type { InspectionToSeal } from './inspection-record';
import { findInspectionReadings, type StoredCharges } from './inspections.repository';
import type { MissionRow } from './operations.repository';
import type { ReturnDeps } from './return-completion';

/** The return's charges as recorded, with the damage found and what of it may be charged. */
export type RecordedCharges = StoredCharges & { damage?: DamageAssessment | null };

/** What the return's readings owe: the amounts recorded, and the damage's claim, if any. */
export interface ReturnAssessment {
  computed: ReturnType<typeof computeReturnCharges>;
  terms: Awaited<ReturnType<typeof findDamageTerms>>;
  excessCents: ReturnType<typeof damageExcessCents>;
  chargeableCents: number;
  /** Damage within the excess is charged only once an administrator approves its claim. */
  claimed: boolean;
  charges: RecordedCharges;
}

/**
 * The kilometres and fuel owed, from the handover's readings and the rental's allowance, and the
 * damage's part within the plan's excess. With a claim, nothing is split now: the deposit is
 * captured once, with the decision.
 */
export async function assessReturn(
  deps: ReturnDeps,
  mission: MissionRow,
  report: ReturnReport,
): Promise<ReturnAssessment> {
  const bookingId = mission.booking_id;
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
  return { computed, terms, excessCents, chargeableCents, claimed, charges };
}

/** The charges as the signed report prints them, line by line. */
export function reportCharges(
  report: ReturnReport,
  { computed, terms, chargeableCents, claimed }: ReturnAssessment,
  contestUntil: Date,
): NonNullable<InspectionToSeal['charges']> {
  const plan = findProtectionPlan(terms.protectionPlan);
  const assessed = formatEuros(report.damageCents);
  const damageLine: [string, number][] =
    report.damageCents > 0
      ? [
          [
            claimed
              ? `Dommages (estimés à ${assessed}), dans la franchise, à valider`
              : `Dommages (estimés à ${assessed}), couverts : ${plan.name}`,
            chargeableCents,
          ],
        ]
      : [];
  const pending = claimed
    ? 'Les dommages ne sont prélevés qu’après validation par un responsable, qui peut en réduire le montant ; vous êtes informé de sa décision.'
    : '';
  return {
    lines: [
      [`Kilomètres au-delà du forfait (${computed.extraKm} km)`, computed.extraKmCents],
      [`Carburant ou charge manquant (${computed.missingFuelPercent} %)`, computed.fuelCents],
      ...damageLine,
    ],
    totalCents: computed.totalCents + chargeableCents,
    contestUntil,
    note: [report.chargeNote, pending].filter(Boolean).join(' '),
  };
}

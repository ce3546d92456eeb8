import type { DamageClaim, DamageClaimStatus } from '@vroum/core/damage-claims';
import { formatEuros } from '@vroum/core/money-format';
import { findProtectionPlan } from '@vroum/core/protection';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { tellCustomerOfDecision } from './damage-claim-notices';
import {
  endDamageClaimSettlement,
  findDamageClaim,
  findHeldDepositCents,
  leaseDamageClaimSettlement,
  listDamageClaims,
  lockDamageClaim,
  writeDamageClaimDecision,
  type DamageClaimRow,
} from './damage-claims.repository';
import { completeReturn, type ReturnDeps } from './return-completion';

const claimNotFound = () => notFound('Dossier de dommages introuvable', 'damage_claim_not_found');

export function toDamageClaim(row: DamageClaimRow): DamageClaim {
  return {
    id: row.id,
    bookingId: row.booking_id,
    reference: row.reference,
    vehicleId: row.vehicle_id,
    vehicleName: row.vehicle_name,
    customerName: row.customer_name,
    recordedBy: { id: row.recorded_by, name: row.recorded_by_name },
    recordedAt: row.created_at.toISOString(),
    protection: row.protection_plan,
    protectionName: findProtectionPlan(row.protection_plan).name,
    excessCents: row.excess_cents,
    assessedCents: row.assessed_cents,
    chargeableCents: row.chargeable_cents,
    otherChargesCents: row.other_charges_cents,
    depositHeldCents: row.deposit_held_cents,
    depositHeldUntil: row.deposit_held_until?.toISOString() ?? null,
    damages: row.damages,
    note: row.note,
    reportUrl: `/api/v1/bookings/${row.booking_id}/inspections/return/report`,
    status: row.status,
    approvedCents: row.approved_cents,
    decidedBy:
      row.decided_by && row.decided_by_name
        ? { id: row.decided_by, name: row.decided_by_name }
        : null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
    settled: row.settled_at !== null,
    unpaidCents: row.unpaid_cents,
  };
}

export async function damageClaims(
  deps: Pick<ReturnDeps, 'db'>,
  status: DamageClaimStatus | null,
): Promise<DamageClaim[]> {
  return (await listDamageClaims(deps.db, status)).map(toDamageClaim);
}

type Decision =
  { status: 'approved'; amountCents: number; note: string } | { status: 'waived'; reason: string };

/**
 * An administrator's decision on a damage claim, never the agent's who recorded it (four eyes).
 * The decision and the split of what is owed (kilometres, fuel and the approved damage: from the
 * deposit held now, the rest from the saved card) are written with their audit entry in one
 * transaction on the locked claim, so concurrent decisions make one. Asking again for the
 * decision taken answers it; the money is then taken once, under keys derived from the claim.
 */
async function decide(
  deps: ReturnDeps,
  adminId: string,
  claimId: string,
  decision: Decision,
): Promise<DamageClaim> {
  await deps.db.transaction(async (tx) => {
    const claim = await lockDamageClaim(tx, claimId);
    if (!claim) throw claimNotFound();
    if (claim.recorded_by === adminId) {
      throw new AppError(
        'four_eyes',
        'Vous avez constaté ces dommages : un autre administrateur doit décider de leur facturation.',
        403,
      );
    }
    if (claim.status === decision.status) return;
    if (claim.status !== 'pending') {
      throw new AppError(
        'damage_claim_decided',
        claim.status === 'approved'
          ? 'Ces dommages ont déjà été approuvés.'
          : 'Ces dommages ont déjà été abandonnés.',
        409,
      );
    }
    const approvedCents = decision.status === 'approved' ? decision.amountCents : null;
    if (approvedCents !== null && approvedCents > claim.chargeable_cents) {
      throw new AppError(
        'above_excess',
        `Le montant dépasse ce qui peut être facturé dans la limite de la franchise (${formatEuros(claim.chargeable_cents)}).`,
        422,
        'amountCents',
      );
    }
    const totalCents = claim.other_charges_cents + (approvedCents ?? 0);
    const heldCents = await findHeldDepositCents(tx, claim.booking_id, deps.payments.name);
    const fromDepositCents = Math.min(totalCents, heldCents);
    const note = decision.status === 'approved' ? decision.note : decision.reason;
    await writeDamageClaimDecision(tx, claimId, {
      status: decision.status,
      approvedCents,
      decidedBy: adminId,
      note,
      fromDepositCents,
      cardCents: totalCents - fromDepositCents,
    });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: decision.status === 'approved' ? 'damage_claim.approve' : 'damage_claim.waive',
      entity: 'booking',
      entityId: claim.booking_id,
      before: { claimId, status: 'pending', chargeableCents: claim.chargeable_cents },
      after: {
        claimId,
        status: decision.status,
        approvedCents,
        note,
        fromDepositCents,
        cardCents: totalCents - fromDepositCents,
      },
    });
  });
  await settleDecidedClaim(deps, claimId);
  const row = await findDamageClaim(deps.db, claimId);
  if (!row) throw claimNotFound();
  return toDamageClaim(row);
}

/**
 * Takes the decided amounts and closes the rental, under a two-minute lease so two requests
 * never settle at once; a failure gives the lease back for a retry (every step is idempotent).
 * The customer is told the decision and what was taken.
 */
export async function settleDecidedClaim(deps: ReturnDeps, claimId: string): Promise<void> {
  if (!(await leaseDamageClaimSettlement(deps.db, claimId))) return;
  try {
    const claim = await findDamageClaim(deps.db, claimId);
    if (!claim?.decided_by) throw claimNotFound();
    const { unpaidCents } = await completeReturn(deps, {
      bookingId: claim.booking_id,
      actorUserId: claim.decided_by,
      fromDepositCents: claim.from_deposit_cents ?? 0,
      cardCents: claim.card_cents ?? 0,
      key: `damage-claim:${claim.id}`,
      approval:
        claim.status === 'approved'
          ? { claimId: claim.id, decidedBy: claim.decided_by }
          : undefined,
    });
    await tellCustomerOfDecision(deps, claim, unpaidCents);
    await endDamageClaimSettlement(deps.db, claimId, { unpaidCents });
  } catch (error) {
    await endDamageClaimSettlement(deps.db, claimId, null);
    throw error;
  }
}

export const approveDamageClaim = (
  deps: ReturnDeps,
  adminId: string,
  claimId: string,
  approval: { amountCents: number; note: string },
) => decide(deps, adminId, claimId, { status: 'approved', ...approval });

export const waiveDamageClaim = (
  deps: ReturnDeps,
  adminId: string,
  claimId: string,
  reason: string,
) => decide(deps, adminId, claimId, { status: 'waived', reason });

import { formatEuros } from '@vroum/core/money-format';
import { CAR_ZONE_LABELS } from '@vroum/core/operations';
import { findProtectionPlan } from '@vroum/core/protection';
import type { ReturnCharges } from '@vroum/core/return-charges';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { notifyCustomer } from '../notifications/notify-customer';
import type { DamageClaimRow } from './damage-claims.repository';

interface NoticeDeps {
  db: Queryable;
  site: SiteInfo;
}

const parisDay = (at: Date) => at.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

/** The plan's excess in words, with the car's value when that is the excess. */
export function excessWords(claim: DamageClaimRow): string {
  const plan = findProtectionPlan(claim.protection_plan);
  const value =
    claim.protection_plan === 'none' && claim.vehicle_value_cents !== null
      ? ` (${formatEuros(claim.vehicle_value_cents)})`
      : '';
  return `${plan.name}, ${plan.excess.toLowerCase()}${value}`;
}

/**
 * Tells the customer, before any money moves, what the return found: each amount owed, the
 * damage assessed and the most that may be charged of it within their excess, the photos and the
 * signed report, and that an administrator decides before anything is taken. Sent once.
 */
export async function tellCustomerOfDamage(
  deps: NoticeDeps,
  claim: DamageClaimRow,
  charges: ReturnCharges,
  contestUntil: Date,
): Promise<void> {
  if (!claim.customer_email) return;
  const files = `${deps.site.publicUrl}/api/v1/bookings/${claim.booking_id}/inspections`;
  const lines = [
    charges.extraKmCents > 0
      ? `Kilomètres au-delà du forfait (${charges.extraKm}\u00a0km)\u00a0: ${formatEuros(charges.extraKmCents)}.`
      : null,
    charges.fuelCents > 0
      ? `Carburant ou charge manquant (${charges.missingFuelPercent}\u00a0%)\u00a0: ${formatEuros(charges.fuelCents)}.`
      : null,
    `Dommages constatés, estimés à ${formatEuros(claim.assessed_cents)}\u00a0: ${formatEuros(claim.chargeable_cents)} au plus, dans la limite de votre franchise (${excessWords(claim)}).`,
    `Total, au plus\u00a0: ${formatEuros(claim.other_charges_cents + claim.chargeable_cents)}.`,
  ].filter((line): line is string => line !== null);
  const damages = claim.damages.flatMap((damage, index) => [
    `Dommage ${index + 1}, ${CAR_ZONE_LABELS[damage.zone].toLowerCase()}\u00a0: ${damage.note}`,
    ...damage.photoIds.map(
      (photoId, photo) => `Photo ${photo + 1}\u00a0: ${files}/photos/${photoId}`,
    ),
  ]);
  await notifyCustomer(deps.db, deps.site, {
    userId: claim.user_id,
    email: claim.customer_email,
    dedupeKey: `damage-claim:${claim.id}:recorded`,
    title: `Dommages constatés sur la ${claim.vehicle_name}`,
    message: `Notre agent a constaté des dommages estimés à ${formatEuros(claim.assessed_cents)}\u00a0: ${formatEuros(claim.chargeable_cents)} au plus pourront vous être facturés, dans la limite de votre franchise, après examen par notre équipe. Rien n’est prélevé d’ici là.`,
    paragraphs: [
      `À la restitution de la ${claim.vehicle_name} (réservation ${claim.reference}), notre agent a relevé les montants suivants\u00a0:`,
      ...lines,
      ...(claim.note ? [`Note de l’agent\u00a0: ${claim.note}`] : []),
      'Rien n’est prélevé avant qu’un responsable de notre équipe, autre que l’agent, ait examiné ces dommages\u00a0: il peut en réduire le montant ou y renoncer, et nous vous informons de sa décision. La caution reste retenue sur votre carte d’ici là.',
      ...damages,
      `Le procès-verbal de restitution, avec les photos\u00a0: ${files}/return/report`,
      `Vous pouvez contester ces montants en répondant à ce message jusqu’au ${parisDay(contestUntil)}.`,
    ],
    link: `/reservation/${claim.booking_id}`,
    linkLabel: 'Voir ma réservation',
  });
}

/** Tells the customer the decision on the damage and what was taken, once. */
export async function tellCustomerOfDecision(
  deps: NoticeDeps,
  claim: DamageClaimRow,
  unpaidCents: number,
): Promise<void> {
  if (!claim.customer_email || claim.status === 'pending') return;
  const decided =
    claim.status === 'approved'
      ? `Après examen, notre équipe retient ${formatEuros(claim.approved_cents ?? 0)} pour les dommages constatés (estimés à ${formatEuros(claim.assessed_cents)}, ${formatEuros(claim.chargeable_cents)} au plus dans la limite de votre franchise).`
      : `Après examen, notre équipe renonce à vous facturer les dommages constatés\u00a0: ${claim.decision_note ?? ''}`;
  const takenCents = (claim.from_deposit_cents ?? 0) + (claim.card_cents ?? 0);
  const taken =
    takenCents > 0
      ? [
          `Montant total dû (kilomètres, carburant et dommages)\u00a0: ${formatEuros(takenCents)}.`,
          `Pris sur la caution\u00a0: ${formatEuros(claim.from_deposit_cents ?? 0)}${(claim.card_cents ?? 0) > 0 ? `\u00a0; sur votre carte\u00a0: ${formatEuros(claim.card_cents ?? 0)}` : ''}. Le reste de la caution est libéré.`,
        ]
      : ['Aucun montant n’est dû\u00a0: la caution retenue sur votre carte est libérée.'];
  const unpaid =
    unpaidCents > 0
      ? [
          `Votre carte n’a pas accepté le prélèvement de ${formatEuros(unpaidCents)}\u00a0: réglez-le en ligne depuis votre réservation, par carte (paiement sécurisé 3-D Secure), ou par virement auprès de notre équipe.`,
        ]
      : [];
  const note =
    claim.status === 'approved' && claim.decision_note
      ? [`Motif\u00a0: ${claim.decision_note}`]
      : [];
  await notifyCustomer(deps.db, deps.site, {
    userId: claim.user_id,
    email: claim.customer_email,
    dedupeKey: `damage-claim:${claim.id}:decided`,
    title: `Décision sur les dommages de la ${claim.vehicle_name}`,
    message: decided,
    paragraphs: [decided, ...note, ...taken, ...unpaid],
    link: `/reservation/${claim.booking_id}`,
    linkLabel: 'Voir ma réservation',
  });
}

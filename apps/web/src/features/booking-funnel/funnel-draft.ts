import type { BookingDraft } from '@vroum/core/booking-draft';
import type { ExtraId } from '@vroum/core/extras';
import { computeQuote, type Quote } from '@vroum/core/pricing';
import type { ProtectionId } from '@vroum/core/protection';
import type { Vehicle } from '@vroum/core/vehicle';
import { offersUnlimitedKm } from '@vroum/core/vehicle-km';

export type FunnelStep = 'protection' | 'options';

/** The toast message when a step opens without the data of the previous ones. */
export const MISSING_DATA_TITLE = 'Données manquantes';
export const MISSING_DATA_MESSAGE: Record<FunnelStep, string> = {
  protection: 'Veuillez commencer par renseigner les informations de base.',
  options: 'Veuillez compléter les étapes précédentes.',
};

/** The priced rental for this draft with the given protection and options. */
export function funnelQuote(
  vehicle: Vehicle,
  draft: BookingDraft,
  protection: ProtectionId,
  options: readonly ExtraId[],
): Quote {
  return computeQuote({
    pricePerDayCents: vehicle.pricePerDayCents,
    depositCents: vehicle.depositCents,
    start: new Date(draft.startDate),
    end: new Date(draft.endDate),
    deliveryFeeCents: draft.deliveryFeeCents,
    returnFeeCents: draft.returnFeeCents,
    withDriver: draft.withDriver,
    unlimitedKm: draft.unlimitedKm && offersUnlimitedKm(vehicle),
    protection,
    options,
  });
}

/**
 * The draft the options page hands to checkout: the customer's choices, and unlimited kilometres
 * only where the car offers them.
 */
export function checkoutDraft(
  vehicle: Vehicle,
  draft: BookingDraft,
  protection: ProtectionId,
  options: readonly ExtraId[],
): BookingDraft {
  return {
    ...draft,
    unlimitedKm: draft.unlimitedKm && offersUnlimitedKm(vehicle),
    protection,
    options: [...options],
  };
}

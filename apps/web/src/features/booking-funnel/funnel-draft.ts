import { EXTRA_IDS, type ExtraId } from '@vroum/core/extras';
import { computeQuote, type Quote } from '@vroum/core/pricing';
import { PROTECTION_IDS, type ProtectionId } from '@vroum/core/protection';
import { offersUnlimitedKm, type Vehicle } from '@vroum/core/vehicle';
import type { BookingDraft } from '../../lib/booking-draft';
import { vehicleContextQuery } from '../../lib/booking-params';
import type { CheckoutState } from '../../lib/checkout-state';

export type FunnelStep = 'protection' | 'options';

/** The stored draft, checked and cleaned for a funnel step. */
export interface FunnelDraft extends BookingDraft {
  returnAddress: string;
  returnFee: number;
  selectedOptions: ExtraId[];
}

/** The toast message when a step opens without the data of the previous ones. */
export const MISSING_DATA_TITLE = 'Données manquantes';
export const MISSING_DATA_MESSAGE: Record<FunnelStep, string> = {
  protection: 'Veuillez commencer par renseigner les informations de base.',
  options: 'Veuillez compléter les étapes précédentes.',
};

const isProtectionId = (value: unknown): value is ProtectionId =>
  typeof value === 'string' && (PROTECTION_IDS as readonly string[]).includes(value);
const isExtraId = (value: unknown): value is ExtraId =>
  typeof value === 'string' && (EXTRA_IDS as readonly string[]).includes(value);
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));

/**
 * The draft usable by this step, or null when it is missing, belongs to another vehicle, or lacks
 * the delivery address, the dates (and, for the options, the protection). Unknown protection or
 * option ids (an older draft) are dropped rather than trusted.
 */
export function checkFunnelDraft(
  draft: BookingDraft | null,
  slug: string,
  step: FunnelStep,
): FunnelDraft | null {
  if (!draft || draft.vehicleId !== slug) return null;
  const deliveryAddress =
    typeof draft.deliveryAddress === 'string' ? draft.deliveryAddress.trim() : '';
  if (!deliveryAddress || !isInstant(draft.startDate) || !isInstant(draft.endDate)) return null;
  const selectedProtection = isProtectionId(draft.selectedProtection)
    ? draft.selectedProtection
    : undefined;
  if (step === 'options' && !selectedProtection) return null;
  const fee = Number(draft.deliveryFee);
  const returnAddress = typeof draft.returnAddress === 'string' ? draft.returnAddress.trim() : '';
  const returnFee = Number(draft.returnFee);
  return {
    vehicleId: slug,
    deliveryAddress,
    deliveryFee: Number.isFinite(fee) && fee > 0 ? fee : 0,
    returnAddress,
    returnFee: returnAddress && Number.isFinite(returnFee) && returnFee > 0 ? returnFee : 0,
    startDate: draft.startDate,
    endDate: draft.endDate,
    withDriver: draft.withDriver === true,
    unlimitedKm: draft.unlimitedKm === true,
    selectedProtection,
    selectedOptions: Array.isArray(draft.selectedOptions)
      ? [...new Set(draft.selectedOptions.filter(isExtraId))]
      : [],
  };
}

/** Where a step without its data sends the customer: the vehicle page, with what is known. */
export function vehiclePagePath(slug: string, draft: BookingDraft | null): string {
  const own = draft?.vehicleId === slug ? draft : null;
  const query = own
    ? vehicleContextQuery({
        pickupAddress: own.deliveryAddress ?? '',
        returnAddress: own.returnAddress || (own.deliveryAddress ?? ''),
        start: isInstant(own.startDate) ? new Date(own.startDate).toISOString() : '',
        end: isInstant(own.endDate) ? new Date(own.endDate).toISOString() : '',
        deliveryFee: typeof own.deliveryFee === 'number' ? own.deliveryFee : null,
      })
    : '';
  return `/vehicule/${encodeURIComponent(slug)}${query}`;
}

/** The priced rental for this draft with the given protection and options. */
export function funnelQuote(
  vehicle: Vehicle,
  draft: FunnelDraft,
  protection: ProtectionId,
  options: readonly ExtraId[],
): Quote {
  return computeQuote({
    pricePerDayCents: vehicle.pricePerDayCents,
    depositCents: vehicle.depositCents,
    start: new Date(draft.startDate),
    end: new Date(draft.endDate),
    deliveryFeeCents: Math.round(draft.deliveryFee * 100),
    returnFeeCents: Math.round((draft.returnFee ?? 0) * 100),
    withDriver: draft.withDriver,
    unlimitedKm: draft.unlimitedKm && offersUnlimitedKm(vehicle),
    protection,
    options,
  });
}

/** The navigation state the options page hands to /checkout, prices in euros. */
export function checkoutState(
  vehicle: Vehicle,
  draft: FunnelDraft,
  selectedProtection: ProtectionId,
  selectedOptions: readonly ExtraId[],
): CheckoutState {
  return {
    vehicle: {
      id: vehicle.id,
      slug: vehicle.slug,
      name: vehicle.name,
      pricePerDay: vehicle.pricePerDayCents / 100,
      deposit: vehicle.depositCents / 100,
      image: vehicle.imageUrl,
      category: vehicle.category,
    },
    deliveryAddress: draft.deliveryAddress,
    deliveryFee: draft.deliveryFee,
    returnAddress: draft.returnAddress ?? '',
    returnFee: draft.returnFee ?? 0,
    startDate: draft.startDate,
    endDate: draft.endDate,
    withDriver: draft.withDriver,
    unlimitedKm: draft.unlimitedKm && offersUnlimitedKm(vehicle),
    selectedProtection,
    selectedOptions: [...selectedOptions],
  };
}

import { EXTRA_IDS, type ExtraId } from './extras';
import { PROTECTION_IDS, type ProtectionId } from './protection';

/**
 * The booking being put together in the browser, from the vehicle page to checkout, in one shape:
 * the vehicle's slug, the addresses with their fees in cents, the period as ISO instants, the
 * services, then the protection and options as they are chosen.
 */
export interface BookingDraft {
  vehicleSlug: string;
  deliveryAddress: string;
  deliveryFeeCents: number;
  /** Where the car is collected when it is not the delivery address; '' otherwise. */
  returnAddress: string;
  returnFeeCents: number;
  startDate: string;
  endDate: string;
  withDriver: boolean;
  unlimitedKm: boolean;
  protection?: ProtectionId;
  options: ExtraId[];
}

const isExtraId = (value: unknown): value is ExtraId =>
  typeof value === 'string' && (EXTRA_IDS as readonly string[]).includes(value);
const isProtectionId = (value: unknown): value is ProtectionId =>
  typeof value === 'string' && (PROTECTION_IDS as readonly string[]).includes(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const flag = (value: unknown): boolean => (typeof value === 'boolean' ? value : false);
/** Fees are display hints in cents: the server prices the rental again from the addresses. */
const feeCents = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

/**
 * A draft read back from storage or from a navigation state: a value of an older shape loses what
 * it cannot prove (an unknown option, a negative fee) rather than being trusted; without its
 * vehicle it is no draft. Written without zod, which the vehicle page would otherwise load for
 * this alone while the app takes the page over.
 */
export function bookingDraftFrom(value: unknown): BookingDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const vehicleSlug = text(fields.vehicleSlug);
  if (!vehicleSlug) return null;
  return {
    vehicleSlug,
    deliveryAddress: text(fields.deliveryAddress).trim(),
    deliveryFeeCents: feeCents(fields.deliveryFeeCents),
    returnAddress: text(fields.returnAddress).trim(),
    returnFeeCents: feeCents(fields.returnFeeCents),
    startDate: text(fields.startDate),
    endDate: text(fields.endDate),
    withDriver: flag(fields.withDriver),
    unlimitedKm: flag(fields.unlimitedKm),
    ...(isProtectionId(fields.protection) ? { protection: fields.protection } : {}),
    options: Array.isArray(fields.options) ? [...new Set(fields.options.filter(isExtraId))] : [],
  };
}

/** The steps after the vehicle page, each needing more of the draft than the one before. */
export type DraftStep = 'protection' | 'options' | 'checkout';

const isInstant = (value: string) => value !== '' && !Number.isNaN(Date.parse(value));

/**
 * The draft when it holds what `step` needs (the address and valid dates; the protection from
 * the options step on), cleaned; null otherwise. A collection fee without a collection address is
 * dropped.
 */
export function draftFor(value: unknown, step: DraftStep): BookingDraft | null {
  const draft = bookingDraftFrom(value);
  if (!draft?.deliveryAddress || !isInstant(draft.startDate) || !isInstant(draft.endDate)) {
    return null;
  }
  if (step !== 'protection' && !draft.protection) return null;
  return draft.returnAddress ? draft : { ...draft, returnFeeCents: 0 };
}

/** A draft ready for checkout: its protection is chosen. */
export type CheckoutDraft = BookingDraft & { protection: ProtectionId };

export function checkoutDraftFor(value: unknown): CheckoutDraft | null {
  const draft = draftFor(value, 'checkout');
  return draft?.protection ? { ...draft, protection: draft.protection } : null;
}

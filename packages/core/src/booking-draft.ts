import { z } from 'zod';
import { EXTRA_IDS, type ExtraId } from './extras';
import { PROTECTION_IDS, type ProtectionId } from './protection';

const isExtraId = (value: unknown): value is ExtraId =>
  typeof value === 'string' && (EXTRA_IDS as readonly string[]).includes(value);

/** Fees are display hints in cents: the server prices the rental again from the addresses. */
const feeCents = z.number().int().nonnegative().catch(0);

/**
 * The booking being put together in the browser, from the vehicle page to checkout, in one shape:
 * the vehicle's slug, the addresses with their fees in cents, the period as ISO instants, the
 * services, then the protection and options as they are chosen. Read back from storage or from a
 * navigation state, a value of an older shape loses what it cannot prove (an unknown option, a
 * negative fee) rather than being trusted.
 */
export const BookingDraft = z.object({
  vehicleSlug: z.string().min(1),
  deliveryAddress: z.string().trim().catch(''),
  deliveryFeeCents: feeCents,
  /** Where the car is collected when it is not the delivery address; '' otherwise. */
  returnAddress: z.string().trim().catch(''),
  returnFeeCents: feeCents,
  startDate: z.string().catch(''),
  endDate: z.string().catch(''),
  withDriver: z.boolean().catch(false),
  unlimitedKm: z.boolean().catch(false),
  protection: z.enum(PROTECTION_IDS).optional().catch(undefined),
  options: z
    .array(z.unknown())
    .catch([])
    .transform((ids) => [...new Set(ids.filter(isExtraId))]),
});
export type BookingDraft = z.infer<typeof BookingDraft>;

/** The steps after the vehicle page, each needing more of the draft than the one before. */
export type DraftStep = 'protection' | 'options' | 'checkout';

const isInstant = (value: string) => value !== '' && !Number.isNaN(Date.parse(value));

/**
 * The draft when it holds what `step` needs (the address and valid dates; the protection from
 * the options step on), cleaned; null otherwise. A collection fee without a collection address is
 * dropped.
 */
export function draftFor(value: unknown, step: DraftStep): BookingDraft | null {
  const parsed = BookingDraft.safeParse(value);
  if (!parsed.success) return null;
  const draft = parsed.data;
  if (!draft.deliveryAddress || !isInstant(draft.startDate) || !isInstant(draft.endDate)) {
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

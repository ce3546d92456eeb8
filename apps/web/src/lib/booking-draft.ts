import {
  bookingDraftFrom,
  draftFor,
  type BookingDraft,
  type DraftStep,
} from '@vroum/core/booking-draft';
import { vehicleContextQuery } from './booking-params';

export type { BookingDraft };

/**
 * The booking draft lives in session storage under `bookingData` (decision 016: as long as the
 * tab, never across browsers, and no personal data beyond the addresses). It is core's one shape,
 * read back as core reads it.
 */
export const BOOKING_DRAFT_KEY = 'bookingData';

export function readBookingDraft(): BookingDraft | null {
  try {
    return bookingDraftFrom(JSON.parse(sessionStorage.getItem(BOOKING_DRAFT_KEY)!));
  } catch {
    return null;
  }
}

export function saveBookingDraft(draft: BookingDraft): void {
  try {
    sessionStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the funnel goes on with what it holds in memory.
  }
}

/** The stored draft for this vehicle when it holds what `step` needs, else null. */
export function readDraftFor(slug: string, step: DraftStep): BookingDraft | null {
  const draft = readBookingDraft();
  return draft?.vehicleSlug === slug ? draftFor(draft, step) : null;
}

/** Where a step without its data sends the customer: the vehicle page, with what is known. */
export function vehiclePagePath(slug: string, draft: BookingDraft | null): string {
  const own = draft?.vehicleSlug === slug ? draft : null;
  const instant = (value: string) =>
    value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : '';
  const query = own
    ? vehicleContextQuery({
        pickupAddress: own.deliveryAddress,
        returnAddress: own.returnAddress || own.deliveryAddress,
        start: instant(own.startDate),
        end: instant(own.endDate),
        deliveryFee: own.deliveryFeeCents / 100,
      })
    : '';
  return `/vehicule/${encodeURIComponent(slug)}${query}`;
}

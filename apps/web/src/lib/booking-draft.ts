import type { ExtraId } from '@vroum/core/extras';
import type { ProtectionId } from '@vroum/core/protection';

/**
 * The booking draft, kept in session storage under `bookingData` (decision 016: it lives
 * as long as the tab, never across browsers, and holds no personal data beyond the address).
 */
export interface BookingDraft {
  /** The vehicle's slug. */
  vehicleId: string;
  deliveryAddress: string;
  /** Euros, a display hint: the server recomputes the fee. */
  deliveryFee: number;
  /** Where the car is collected when it is not the delivery address; absent or '' otherwise. */
  returnAddress?: string;
  /** Euros, a display hint for collecting the car at `returnAddress`. */
  returnFee?: number;
  startDate: string;
  endDate: string;
  withDriver: boolean;
  unlimitedKm: boolean;
  selectedProtection?: ProtectionId;
  selectedOptions?: ExtraId[];
}

export const BOOKING_DRAFT_KEY = 'bookingData';

export function readBookingDraft(): BookingDraft | null {
  try {
    const raw = sessionStorage.getItem(BOOKING_DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BookingDraft> | null;
    return draft && typeof draft.vehicleId === 'string' ? (draft as BookingDraft) : null;
  } catch {
    return null;
  }
}

export function saveBookingDraft(draft: BookingDraft): void {
  sessionStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
}

/** Merges a change into the stored draft (e.g. the chosen protection). */
export function updateBookingDraft(patch: Partial<BookingDraft>): BookingDraft | null {
  const current = readBookingDraft();
  if (!current) return null;
  const next = { ...current, ...patch };
  saveBookingDraft(next);
  return next;
}

import { checkoutDraftFor, type CheckoutDraft } from '@vroum/core/booking-draft';
import type { PaymentStart } from '@vroum/core/checkout';
import { BOOKING_DRAFT_KEY } from '../../lib/booking-draft';
import type { DriverValues } from './driver-info';

/**
 * What checkout keeps in the tab's session storage: the state the options page handed over (so
 * that the sign-in detour and the 3-D Secure page can come back to it), and the current attempt:
 * its idempotency key, and once the booking exists its PaymentStart and what was sent with it.
 */
const CHECKOUT_KEY = 'checkoutState';
const CHALLENGE_KEY = 'checkoutChallenge';

export interface CheckoutAttempt {
  /** One key per attempt: a retry never creates a second booking. */
  idempotencyKey: string;
  /** Kept for reuse once the booking and its payment intent exist (e.g. after a refused card). */
  payment?: PaymentStart;
  /** The driver, promo code and requests sent with the booking (the form is then read-only). */
  sent?: { driver: DriverValues; promoCode: string | null; specialRequests: string };
}

export interface SavedCheckout {
  /** The rental as the options page handed it over (its protection chosen). */
  state: CheckoutDraft;
  attempt: CheckoutAttempt;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The navigation state when it is a draft ready for checkout (protection chosen), else null. */
export const parseCheckoutState = (value: unknown): CheckoutDraft | null => checkoutDraftFor(value);

/** A fresh random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export const newAttempt = (): CheckoutAttempt => ({ idempotencyKey: newIdempotencyKey() });

export function readSavedCheckout(): SavedCheckout | null {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedCheckout> | null;
    const state = parseCheckoutState(saved?.state);
    if (!state) return null;
    const attempt = saved?.attempt;
    return {
      state,
      attempt:
        attempt && typeof attempt.idempotencyKey === 'string' && attempt.idempotencyKey.length >= 8
          ? attempt
          : newAttempt(),
    };
  } catch {
    return null;
  }
}

export function saveCheckout(saved: SavedCheckout): void {
  try {
    sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: checkout still works in this page, only the detours forget it.
  }
}

/**
 * The checkout to show: the navigation state when there is one (a new attempt unless it is the
 * rental already being paid), else the saved copy (back from sign-in or 3-D Secure), else null.
 */
export function resolveCheckout(navigationState: unknown): SavedCheckout | null {
  const saved = readSavedCheckout();
  const state = parseCheckoutState(navigationState);
  if (!state) return saved;
  if (saved && JSON.stringify(saved.state) === JSON.stringify(state)) return saved;
  return { state, attempt: newAttempt() };
}

/** After a successful payment: the booking draft and the saved checkout are done with. */
export function clearCheckout(): void {
  sessionStorage.removeItem(CHECKOUT_KEY);
  sessionStorage.removeItem(BOOKING_DRAFT_KEY);
}

/** The client secret the 3-D Secure page needs (never in the URL). */
export interface PendingChallenge {
  intentId: string;
  clientSecret: string;
  last4: string;
  /** Where an approved challenge goes on (a balance's page); the confirmation page otherwise. */
  returnTo?: string;
}

export function saveChallenge(challenge: PendingChallenge): void {
  sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify(challenge));
}

export function readChallenge(intentId: string): PendingChallenge | null {
  try {
    const challenge = JSON.parse(
      sessionStorage.getItem(CHALLENGE_KEY) ?? 'null',
    ) as PendingChallenge | null;
    return challenge?.intentId === intentId && isText(challenge.clientSecret) ? challenge : null;
  } catch {
    return null;
  }
}

export function clearChallenge(): void {
  sessionStorage.removeItem(CHALLENGE_KEY);
}

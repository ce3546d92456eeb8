import type { CreateBookingRequest, PaymentStart } from '@vroum/core/checkout';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { notify } from '../../lib/toast';
import { captureRentalPayment } from './api/payment-outcome';
import { confirmSandboxCard } from './api/sandbox';
import { createBooking } from './api/create-booking';
import { checkCard, type CardField, type CardValues } from './card-input';
import { MESSAGES, PAYMENT_ERROR_TITLE } from './checkout-messages';
import { clearCheckout, newAttempt, saveChallenge, type CheckoutAttempt } from './checkout-storage';

const fail = ([title, message]: readonly [string, string]) => notify.error(title, message);

/** The path of the confirmation page for an intent. */
export const confirmationPath = (intentId: string) =>
  `/confirmation?payment_intent=${encodeURIComponent(intentId)}`;

/**
 * A refused booking. SPEC §8 gives one message for a payment that cannot start; the server's own
 * French message is shown instead when it says what to change (car taken, rental conditions,
 * address, a field).
 */
function notifyBookingRefused(error: unknown): void {
  if (error instanceof ApiRequestError) {
    if (error.status === 409) {
      const message = error.message.replace(/^Véhicule non disponible\s*:\s*/, '');
      notify.error('Véhicule non disponible', message.charAt(0).toUpperCase() + message.slice(1));
      return;
    }
    if (error.status === 422) {
      notify.error(
        error.code === 'rental_conditions' ? 'Conditions de location non remplies' : 'Erreur',
        error.message,
      );
      return;
    }
    if (error.status === 400 && error.field) {
      notify.error('Erreur', error.message);
      return;
    }
  }
  fail(MESSAGES.paymentStartFailed);
}

interface PayInput {
  termsAccepted: boolean;
  card: CardValues;
  /** Whether the rental carries its delivery address and dates (SPEC §5 Checkout submit). */
  rentalComplete: boolean;
}

/**
 * Checkout submit (SPEC §4, §5, §8): on the first submit the booking and its payment intent are
 * created with the attempt's idempotency key and kept; then the card is confirmed with the
 * processor. A 3-D Secure card goes to the challenge page; an authorised one is captured and the
 * customer goes to /confirmation.
 */
export function useCheckoutPayment({
  attempt,
  onAttemptChange,
  bookingRequest,
  onDriverRefused,
}: {
  attempt: CheckoutAttempt;
  /** Keeps the attempt (and saves it for the detours). */
  onAttemptChange: (attempt: CheckoutAttempt) => void;
  /** The request as it stands; null while the driver is not valid. */
  bookingRequest: () => { request: CreateBookingRequest; sent: CheckoutAttempt['sent'] } | null;
  /** The server refused the driver (age, licence, a field): back to step 1. */
  onDriverRefused: () => void;
}) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const startBooking = async (): Promise<PaymentStart | null> => {
    if (attempt.payment) return attempt.payment;
    const built = bookingRequest();
    if (!built) {
      fail(MESSAGES.missingFields);
      onDriverRefused();
      return null;
    }
    try {
      const payment = await createBooking(built.request, attempt.idempotencyKey);
      onAttemptChange({ ...attempt, payment, sent: built.sent });
      return payment;
    } catch (error) {
      // The session ended meanwhile: the page then sends to sign-in and comes back here.
      if (error instanceof ApiRequestError && error.status === 401) {
        await refresh();
        return null;
      }
      notifyBookingRefused(error);
      if (error instanceof ApiRequestError && error.field?.startsWith('driver')) onDriverRefused();
      return null;
    }
  };

  const confirmCard = async (payment: PaymentStart, card: CardValues) => {
    const checked = checkCard(card);
    if (!checked.ok) return;
    if (payment.provider !== 'sandbox') {
      fail(MESSAGES.unexpected);
      return;
    }
    let intent;
    try {
      intent = await confirmSandboxCard(
        payment.paymentIntentId,
        payment.clientSecret,
        checked.card,
      );
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 402) {
        notify.error(PAYMENT_ERROR_TITLE, error.message);
        return;
      }
      // The intent is gone (e.g. the data was reset): the next submit starts a new attempt.
      if (error instanceof ApiRequestError && error.status === 404) {
        onAttemptChange(newAttempt());
      }
      fail(MESSAGES.unexpected);
      return;
    }
    switch (intent.status) {
      case 'requires_action': {
        saveChallenge({
          intentId: intent.id,
          clientSecret: payment.clientSecret,
          last4: checked.card.number.slice(-4),
        });
        const target = intent.redirectUrl?.startsWith('/')
          ? intent.redirectUrl
          : `/paiement/3ds/${encodeURIComponent(intent.id)}`;
        void navigate(target);
        return;
      }
      case 'requires_capture':
        try {
          await captureRentalPayment(intent.id);
        } catch {
          fail(MESSAGES.captureFailed);
          return;
        }
        break;
      case 'succeeded':
        break;
      default:
        fail(MESSAGES.unexpected);
        return;
    }
    clearCheckout();
    void navigate(confirmationPath(intent.id), { replace: true });
  };

  /** Runs the submit; returns the card fields to mark as invalid. */
  const pay = async ({ termsAccepted, card, rentalComplete }: PayInput): Promise<CardField[]> => {
    if (running.current) return [];
    if (!termsAccepted) {
      fail(MESSAGES.termsNotAccepted);
      return [];
    }
    if (!rentalComplete) {
      fail(MESSAGES.missingFields);
      return [];
    }
    const checked = checkCard(card);
    if (!checked.ok) {
      notify.error(
        'Carte incomplète',
        'Vérifiez le numéro de carte, la date d’expiration (MM/AA) et le cryptogramme.',
      );
      return checked.invalid;
    }
    running.current = true;
    setBusy(true);
    try {
      const payment = await startBooking();
      if (payment) await confirmCard(payment, card);
    } catch {
      fail(MESSAGES.unexpected);
    } finally {
      running.current = false;
      setBusy(false);
    }
    return [];
  };

  return { pay, busy };
}

import type { CreateBookingRequest, PaymentStart } from '@vroum/core/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { confirmWithStripe, submitPaymentForm } from '../../lib/stripe-payment';
import { useAuth } from '../../lib/auth/auth-context';
import { profileQuery } from '../../lib/queries';
import { notify } from '../../lib/toast';
import { captureRentalPayment } from './api/payment-outcome';
import { confirmSandboxCard } from './api/sandbox';
import { createBooking } from './api/create-booking';
import { checkCard, type CardField, type CardValues } from './card-input';
import type { StripeCardForm } from './components/stripe-card-fields';
import { MESSAGES, PAYMENT_ERROR_TITLE } from './checkout-messages';
import { clearCheckout, newAttempt, saveChallenge, type CheckoutAttempt } from './checkout-storage';

const fail = ([title, message]: readonly [string, string]) => notify.error(title, message);

/** The path of the confirmation page for an intent. */
export const confirmationPath = (intentId: string) =>
  `/confirmation?payment_intent=${encodeURIComponent(intentId)}`;

/**
 * A refused booking. One generic message covers a payment that cannot start; the server's own
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

/** What the customer typed the card into. */
export type CardEntry =
  | { provider: 'sandbox'; card: CardValues }
  /** Stripe's Payment Element; null until it is loaded. */
  | { provider: 'stripe'; form: StripeCardForm | null };

interface PayInput {
  termsAccepted: boolean;
  entry: CardEntry;
  /** Whether the rental carries its delivery address and dates (checked again at submit). */
  rentalComplete: boolean;
}

/**
 * What stops a payment before anything is sent, told in a toast: the card fields to mark as
 * invalid (none for a problem elsewhere), or null when it may go on.
 */
function refuseBeforePaying({
  termsAccepted,
  entry,
  rentalComplete,
}: PayInput): CardField[] | null {
  if (!termsAccepted) {
    fail(MESSAGES.termsNotAccepted);
    return [];
  }
  if (!rentalComplete) {
    fail(MESSAGES.missingFields);
    return [];
  }
  if (entry.provider === 'sandbox') {
    const checked = checkCard(entry.card);
    if (!checked.ok) {
      notify.error(
        'Carte incomplète',
        'Vérifiez le numéro de carte, la date d’expiration (MM/AA) et le cryptogramme.',
      );
      return checked.invalid;
    }
  } else if (!entry.form) {
    notify.error(PAYMENT_ERROR_TITLE, 'Le formulaire de paiement est en cours de chargement.');
    return [];
  }
  return null;
}

/**
 * Checkout submit: on the first submit the booking and its payment intent are
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
  const queryClient = useQueryClient();
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
      // The driver may have been kept in the profile with the booking.
      if (built.request.saveDriverToProfile) {
        void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
      }
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

  /** The intent is authorised: capture the rental, then the confirmation page. */
  const captureAndConfirm = async (intentId: string) => {
    try {
      await captureRentalPayment(intentId);
    } catch {
      fail(MESSAGES.captureFailed);
      return;
    }
    clearCheckout();
    void navigate(confirmationPath(intentId), { replace: true });
  };

  const confirmSandbox = async (payment: PaymentStart, card: CardValues) => {
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
        await captureAndConfirm(intent.id);
        return;
      case 'succeeded':
        clearCheckout();
        void navigate(confirmationPath(intent.id), { replace: true });
        return;
      default:
        fail(MESSAGES.unexpected);
    }
  };

  /** Stripe: the Payment Element was checked before the booking was created. */
  const confirmStripe = async (payment: PaymentStart, { stripe, form }: StripeCardForm) => {
    if (payment.provider !== 'stripe') {
      fail(MESSAGES.unexpected);
      return;
    }
    const result = await confirmWithStripe(stripe, form.elements, payment.clientSecret);
    switch (result.status) {
      case 'error':
        // Form mistakes are shown by the Element itself, under the field.
        if (result.code !== 'validation_error') notify.error(PAYMENT_ERROR_TITLE, result.message);
        return;
      case 'requires_capture':
        await captureAndConfirm(result.intentId);
        return;
      default:
        // Paid, or still with the bank: the confirmation page follows it from the server.
        clearCheckout();
        void navigate(confirmationPath(result.intentId), { replace: true });
    }
  };

  /** Runs the submit; returns the card fields to mark as invalid. */
  const pay = async ({ termsAccepted, entry, rentalComplete }: PayInput): Promise<CardField[]> => {
    if (running.current) return [];
    const blocked = refuseBeforePaying({ termsAccepted, entry, rentalComplete });
    if (blocked) return blocked;
    running.current = true;
    setBusy(true);
    try {
      if (entry.provider === 'stripe') {
        const stripeForm = entry.form;
        // Stripe requires the form's own check before anything else is awaited.
        if (stripeForm && (await submitPaymentForm(stripeForm.form.elements))) {
          const payment = await startBooking();
          if (payment) await confirmStripe(payment, stripeForm);
        }
      } else {
        const payment = await startBooking();
        if (payment) await confirmSandbox(payment, entry.card);
      }
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

import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { vehiclePagePath } from '../../lib/booking-draft';
import { vehicleQuery } from '../../lib/queries';
import { useFormState } from '../../components/form/use-form-state';
import { notify } from '../../lib/toast';
import { usePaymentConfig } from './api/payment-config';
import type { CardField } from './card-input';
import {
  newAttempt,
  saveCheckout,
  type CheckoutAttempt,
  type SavedCheckout,
} from './checkout-storage';
import { CheckoutFrame, waitingFrame, type CheckoutStep } from './components/checkout-frame';
import { CheckoutRecap } from './components/checkout-recap';
import { DriverStep } from './components/driver-step';
import { PaymentStep } from './components/payment-step';
import type { StripeCardForm } from './components/stripe-card-fields';
import { SummaryStep } from './components/summary-step';
import { checkDriver } from './driver-info';
import { useCheckoutPayment } from './use-checkout-payment';
import { useCheckoutQuote } from './use-checkout-quote';
import { useDriverStep } from './use-driver-step';

/**
 * The checkout of one rental: the driver, the summary with the server's price, then the card,
 * beside the rental's recap. Memoised: when the session arrives, the page's urgent render leaves
 * it as it is, and it is drawn with the account in the deferred render, a few milliseconds at a
 * time. Its steps are memoised too, so that each answer (vehicle, profile, quote, payment
 * settings) draws again only what shows it.
 */
export const Checkout = memo(function Checkout({
  initial,
  accountEmail,
}: {
  initial: SavedCheckout;
  /** Null while the session is read. */
  accountEmail: string | null;
}) {
  const waiting = accountEmail === null;
  const { state } = initial;
  // Its name, picture and category; usually already loaded by the vehicle page and the funnel.
  const vehicle = useQuery(vehicleQuery(state.vehicleSlug)).data;

  const [attempt, setAttempt] = useState<CheckoutAttempt>(initial.attempt);
  const changeAttempt = useCallback(
    (next: CheckoutAttempt) => {
      setAttempt(next);
      saveCheckout({ state, attempt: next });
    },
    [state],
  );
  const locked = Boolean(attempt.payment);

  const [step, setStep] = useState<CheckoutStep>(attempt.payment ? 3 : 1);
  const stepMoved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formTopRef = useRef<HTMLDivElement>(null);
  const goTo = useCallback((next: CheckoutStep) => {
    stepMoved.current = true;
    setStep(next);
  }, []);
  useEffect(() => {
    if (!stepMoved.current) return;
    formTopRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  // Step 1: the driver. Step 2: the server's quote, the promo code and the requests.
  const toSummary = useCallback(() => goTo(2), [goTo]);
  const driverStep = useDriverStep({ sent: attempt.sent, accountEmail, onDone: toSummary });
  const quote = useCheckoutQuote(state, attempt.sent?.promoCode ?? null);
  const [specialRequests, setSpecialRequests] = useState(attempt.sent?.specialRequests ?? '');

  // Step 3: card and terms.
  const paymentConfig = usePaymentConfig();
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);
  const [invalidCard, setInvalidCard] = useState<ReadonlySet<CardField>>(new Set());

  const { pay, busy } = useCheckoutPayment({
    attempt,
    onAttemptChange: changeAttempt,
    bookingRequest: () => {
      const { driver } = driverStep;
      const check = driver ? checkDriver(driver) : null;
      if (!driver || !check?.ok) return null;
      const requests = specialRequests.trim();
      return {
        request: {
          ...quote.request,
          driver: check.driver,
          saveDriverToProfile: driverStep.saveToProfile,
          specialRequests: requests || undefined,
          acceptTerms: true,
        },
        sent: { driver, promoCode: quote.promoCode, specialRequests },
      };
    },
    onDriverRefused: () => goTo(1),
  });
  // The card and the terms, kept here so that they outlast a step back. The payment checks them
  // itself (its refusals are toasts) and gives back the card fields to mark.
  const paymentForm = useFormState({
    initial: { card: { number: '', expiry: '', cvc: '' }, termsAccepted: false },
    save: ({ card, termsAccepted }) =>
      pay({
        termsAccepted,
        entry:
          paymentConfig.data?.provider === 'stripe'
            ? { provider: 'stripe', form: stripeForm }
            : { provider: 'sandbox', card },
        rentalComplete: Boolean(state.deliveryAddress.trim() && state.startDate && state.endDate),
      }),
    onSaved: (invalid) => setInvalidCard(new Set(invalid)),
  });

  const onHoldExpired = useCallback(() => {
    changeAttempt(newAttempt());
    notify.info(
      'Délai de réservation écoulé',
      'Le véhicule vous sera de nouveau réservé au paiement, s’il est toujours disponible.',
    );
  }, [changeAttempt]);

  const vehiclePath = vehiclePagePath(state.vehicleSlug, state);
  if (waiting) return <CheckoutFrame {...waitingFrame(headingRef)} formTopRef={formTopRef} />;
  return (
    <CheckoutFrame
      vehiclePath={vehiclePath}
      step={step}
      provider={attempt.payment?.provider ?? paymentConfig.data?.provider}
      formTopRef={formTopRef}
      form={
        <>
          {step === 1 && (
            <DriverStep
              {...driverStep.form}
              locked={locked}
              supercar={vehicle?.category === 'Super Cars'}
              headingRef={headingRef}
            />
          )}
          {step === 2 && (
            <SummaryStep
              state={state}
              vehicle={vehicle}
              quote={{ data: quote.data, error: quote.error }}
              vehiclePath={vehiclePath}
              appliedPromo={quote.data?.promotion ?? null}
              onApplyPromo={quote.applyPromo}
              onRemovePromo={quote.removePromo}
              specialRequests={specialRequests}
              onSpecialRequestsChange={setSpecialRequests}
              locked={locked}
              onBack={() => goTo(1)}
              onNext={() => goTo(3)}
              headingRef={headingRef}
            />
          )}
          {step === 3 && (
            <PaymentStep
              config={paymentConfig.data}
              onStripeReady={setStripeForm}
              amountCents={attempt.payment?.amountCents ?? quote.data?.totalCents}
              depositCents={attempt.payment?.depositCents ?? quote.data?.depositCents}
              payment={attempt.payment}
              busy={busy}
              card={paymentForm.values.card}
              onCardChange={(values) => {
                paymentForm.set('card', values);
                setInvalidCard(new Set());
              }}
              invalidCard={invalidCard}
              termsAccepted={paymentForm.values.termsAccepted}
              onTermsChange={(accepted) => paymentForm.set('termsAccepted', accepted)}
              onPay={paymentForm.submit}
              onBack={() => goTo(2)}
              onHoldExpired={onHoldExpired}
              headingRef={headingRef}
            />
          )}
        </>
      }
      recap={<CheckoutRecap state={state} vehicle={vehicle} quote={quote.data} />}
    />
  );
});

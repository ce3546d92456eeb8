import type { QuoteRequest } from '@vroum/core/checkout';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { rememberReturnPath } from '../../lib/auth/return-path';
import { vehiclePagePath } from '../../lib/booking-draft';
import { vehicleQuery } from '../../lib/queries';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { usePaymentConfig } from './api/payment-config';
import { useDriverProfile } from './api/profile';
import { quoteQuery, useQuote } from './api/quote';
import type { CardField, CardValues } from './card-input';
import {
  newAttempt,
  resolveCheckout,
  saveCheckout,
  type CheckoutAttempt,
  type SavedCheckout,
} from './checkout-storage';
import {
  CheckoutFrame,
  CheckoutSkeleton,
  waitingFrame,
  type CheckoutStep,
} from './components/checkout-frame';
import { CheckoutRecap } from './components/checkout-recap';
import { DriverStep } from './components/driver-step';
import { PaymentStep } from './components/payment-step';
import type { StripeCardForm } from './components/stripe-card-fields';
import { SummaryStep } from './components/summary-step';
import {
  checkDriver,
  differsFromProfile,
  driverFromProfile,
  type DriverField,
  type DriverValues,
} from './driver-info';
import { useCheckoutPayment } from './use-checkout-payment';

/**
 * /checkout (booking step 4). Opened by the options page with the rental in the navigation
 * state; the state is also kept in session storage so that the sign-in detour and the 3-D Secure
 * page can come back to it. Without either it sends the visitor to the fleet.
 */
export function CheckoutPage() {
  usePageMeta(
    'Finaliser votre réservation',
    'Conducteur principal, récapitulatif et paiement sécurisé de votre location.',
  );
  const location = useLocation();
  const { user, loading } = useAuth();
  const [checkout] = useState(() => {
    const resolved = resolveCheckout(location.state);
    if (resolved) saveCheckout(resolved);
    return resolved;
  });

  // Filling the frame in is deferred: React draws the form a few milliseconds at a time, letting
  // a phone's browser answer a tap meanwhile.
  const accountEmail = useDeferredValue(user?.email ?? null);

  if (!loading && !checkout) return <Navigate to="/flotte" replace />;
  if (!loading && !user) return <SignInFirst />;
  // The server knows neither the session nor the tab's rental: it sends the skeleton. The
  // browser's first render must draw the same, so the checkout waits for the session to show its
  // rental, in the same elements.
  if (!checkout) return <CheckoutSkeleton />;
  return <Checkout initial={checkout} accountEmail={accountEmail} />;
}

/** Checkout requires sign-in; the /auth page comes back here afterwards. */
function SignInFirst() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    rememberReturnPath('/checkout');
    notify.info('Connexion requise', 'Connectez-vous pour finaliser votre réservation.');
    void navigate('/auth', { replace: true });
  }, [navigate]);
  return <CheckoutSkeleton />;
}

// Memoised: when the session arrives, the page's urgent render leaves the form as it is, and the
// form is drawn with the account in the deferred render, a few milliseconds at a time.
const Checkout = memo(function Checkout({
  initial,
  accountEmail,
}: {
  initial: SavedCheckout;
  /** Null while the session is read. */
  accountEmail: string | null;
}) {
  const waiting = accountEmail === null;
  const { state } = initial;
  const queryClient = useQueryClient();
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

  // Step 1: the driver, prefilled from the profile (or as sent with the booking).
  const profile = useDriverProfile(!waiting && !attempt.sent);
  const [driverEdits, setDriverEdits] = useState<DriverValues | null>(attempt.sent?.driver ?? null);
  const driver =
    driverEdits ??
    (profile.isPending || waiting ? null : driverFromProfile(profile.data, accountEmail));
  const [invalidDriver, setInvalidDriver] = useState<ReadonlySet<DriverField>>(new Set());
  // What the customer types is offered back to the profile (ticked: a first checkout fills it).
  const [saveDriver, setSaveDriver] = useState(true);
  const offerSave = Boolean(
    driver &&
    profile.isSuccess &&
    !waiting &&
    differsFromProfile(driver, profile.data, accountEmail),
  );

  // Step 2: the server's quote, with the promo code once accepted.
  const [promoCode, setPromoCode] = useState<string | null>(attempt.sent?.promoCode ?? null);
  const [specialRequests, setSpecialRequests] = useState(attempt.sent?.specialRequests ?? '');
  const rental = useMemo(
    () =>
      ({
        vehicleSlug: state.vehicleSlug,
        start: state.startDate,
        end: state.endDate,
        deliveryAddress: state.deliveryAddress,
        ...(state.returnAddress ? { returnAddress: state.returnAddress } : {}),
        protection: state.protection,
        options: state.options,
        withDriver: state.withDriver,
        unlimitedKm: state.unlimitedKm,
      }) satisfies QuoteRequest,
    [state],
  );
  const quoteRequest = useMemo(
    () => ({ ...rental, promoCode: promoCode ?? undefined }),
    [rental, promoCode],
  );
  const quote = useQuote(quoteRequest);
  const quoteError = quote.error
    ? quote.error instanceof ApiRequestError
      ? quote.error.message
      : 'Impossible de calculer le prix. Veuillez réessayer.'
    : null;

  const applyPromo = async (code: string): Promise<string | null> => {
    try {
      await queryClient.fetchQuery(quoteQuery({ ...rental, promoCode: code }));
      setPromoCode(code);
      return null;
    } catch (error) {
      return error instanceof ApiRequestError
        ? error.message
        : 'Impossible de vérifier ce code promo. Veuillez réessayer.';
    }
  };

  // Step 3: card and terms.
  const paymentConfig = usePaymentConfig();
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [invalidCard, setInvalidCard] = useState<ReadonlySet<CardField>>(new Set());

  const [step, setStep] = useState<CheckoutStep>(attempt.payment ? 3 : 1);
  const stepMoved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formTopRef = useRef<HTMLDivElement>(null);
  const goTo = (next: CheckoutStep) => {
    stepMoved.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!stepMoved.current) return;
    formTopRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const submitDriver = () => {
    if (!driver) return;
    const check = checkDriver(driver);
    if (!check.ok) {
      setInvalidDriver(new Set(check.invalid));
      notify.error(check.title, check.message);
      return;
    }
    setInvalidDriver(new Set());
    goTo(2);
  };

  const { pay, busy } = useCheckoutPayment({
    attempt,
    onAttemptChange: changeAttempt,
    bookingRequest: () => {
      const check = driver ? checkDriver(driver) : null;
      if (!driver || !check?.ok) return null;
      const requests = specialRequests.trim();
      return {
        request: {
          ...quoteRequest,
          driver: check.driver,
          saveDriverToProfile: offerSave && saveDriver,
          specialRequests: requests || undefined,
          acceptTerms: true,
        },
        sent: { driver, promoCode, specialRequests },
      };
    },
    onDriverRefused: () => goTo(1),
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
              values={driver}
              onChange={(field, value) => {
                if (!driver) return;
                setDriverEdits({ ...driver, [field]: value });
                if (invalidDriver.has(field)) {
                  setInvalidDriver(new Set([...invalidDriver].filter((name) => name !== field)));
                }
              }}
              invalid={invalidDriver}
              locked={locked}
              supercar={vehicle?.category === 'Super Cars'}
              onSubmit={submitDriver}
              headingRef={headingRef}
              saveOffer={offerSave ? { checked: saveDriver, onChange: setSaveDriver } : null}
            />
          )}
          {step === 2 && (
            <SummaryStep
              state={state}
              vehicle={vehicle}
              quote={{ data: quote.data, error: quoteError }}
              vehiclePath={vehiclePath}
              appliedPromo={quote.data?.promotion ?? null}
              onApplyPromo={applyPromo}
              onRemovePromo={() => setPromoCode(null)}
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
              card={card}
              onCardChange={(values) => {
                setCard(values);
                setInvalidCard(new Set());
              }}
              invalidCard={invalidCard}
              termsAccepted={termsAccepted}
              onTermsChange={setTermsAccepted}
              onPay={() =>
                void pay({
                  termsAccepted,
                  entry:
                    paymentConfig.data?.provider === 'stripe'
                      ? { provider: 'stripe', form: stripeForm }
                      : { provider: 'sandbox', card },
                  rentalComplete: Boolean(
                    state.deliveryAddress.trim() && state.startDate && state.endDate,
                  ),
                }).then((invalid) => setInvalidCard(new Set(invalid)))
              }
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

export { CheckoutPage as Component };

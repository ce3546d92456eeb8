import type { QuoteRequest } from '@vroum/core/checkout';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { BookingProgress } from '../../components/booking-progress';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { rememberReturnPath } from '../../lib/auth/return-path';
import { vehiclePagePath } from '../../lib/booking-draft';
import { Link } from '../../lib/navigation';
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
import { CheckoutRecap } from './components/checkout-recap';
import { DriverStep } from './components/driver-step';
import { PaymentStep } from './components/payment-step';
import { SecureBanner } from './components/secure-banner';
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

/** Checkout's own steps, within the journey's fourth: the driver, the summary, the card. */
type CheckoutStep = 1 | 2 | 3;
const CHECKOUT_STEPS: Record<CheckoutStep, string> = {
  1: 'Conducteur · 1/3',
  2: 'Récapitulatif · 2/3',
  3: 'Carte · 3/3',
};

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

  if (!checkout) return <Navigate to="/flotte" replace />;
  if (loading) return <CheckoutSkeleton />;
  if (!user) return <SignInFirst />;
  return <Checkout initial={checkout} accountEmail={user.email} />;
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

function CheckoutSkeleton() {
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12" aria-busy="true">
        <span className="sr-only">Chargement…</span>
        <div className="mx-auto max-w-2xl">
          <BookingProgress current={4} />
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1.5fr_1fr]" aria-hidden="true">
          <div className="space-y-4">
            <div className="h-12 w-2/3 animate-pulse rounded-xl bg-mist/70" />
            <div className="h-32 animate-pulse rounded-3xl bg-mist/50" />
            <div className="h-96 animate-pulse rounded-3xl bg-mist/50" />
          </div>
          <div className="h-96 animate-pulse rounded-3xl bg-mist/50" />
        </div>
      </div>
    </div>
  );
}

function Checkout({ initial, accountEmail }: { initial: SavedCheckout; accountEmail: string }) {
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
  const profile = useDriverProfile(!attempt.sent);
  const [driverEdits, setDriverEdits] = useState<DriverValues | null>(attempt.sent?.driver ?? null);
  const driver =
    driverEdits ?? (profile.isPending ? null : driverFromProfile(profile.data, accountEmail));
  const [invalidDriver, setInvalidDriver] = useState<ReadonlySet<DriverField>>(new Set());
  // What the customer types is offered back to the profile (ticked: a first checkout fills it).
  const [saveDriver, setSaveDriver] = useState(true);
  const offerSave = Boolean(
    driver && profile.isSuccess && differsFromProfile(driver, profile.data, accountEmail),
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
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12">
        <Link
          to={vehiclePath}
          className="inline-flex items-center gap-2 text-sm font-medium text-stone hover:text-ink"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour au véhicule
        </Link>
        <div className="mx-auto mt-6 max-w-2xl">
          <BookingProgress current={4} detail={CHECKOUT_STEPS[step]} />
        </div>
        <header className="mt-10 max-w-3xl">
          <p className="eyebrow">Étape 4 sur 4</p>
          <h1 className="mt-3 font-display text-4xl leading-tight text-ink md:text-5xl">
            Finaliser votre réservation
          </h1>
        </header>
        <div className="mt-6">
          <SecureBanner provider={attempt.payment?.provider ?? paymentConfig.data?.provider} />
        </div>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-x-12">
          <div ref={formTopRef} id="checkout-form" className="min-w-0 space-y-6">
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
          </div>
          <aside className="min-w-0 lg:sticky lg:top-28 lg:self-start">
            <CheckoutRecap state={state} vehicle={vehicle} quote={quote.data} />
          </aside>
        </div>
      </div>
    </div>
  );
}

export { CheckoutPage as Component };

import { ArrowLeft } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { BookingProgress } from '../../../components/booking-progress';
import { Link } from '../../../lib/navigation';
import { DriverStep } from './driver-step';
import { SecureBanner, type PaymentProviderName } from './secure-banner';

/** Checkout's own steps, within the journey's fourth: the driver, the summary, the card. */
export type CheckoutStep = 1 | 2 | 3;
export const CHECKOUT_STEPS: Record<CheckoutStep, string> = {
  1: 'Conducteur · 1/3',
  2: 'Récapitulatif · 2/3',
  3: 'Carte · 3/3',
};

const BACK_CLASS = 'inline-flex items-center gap-2 text-sm font-medium text-stone hover:text-ink';

/**
 * The checkout's frame: the way back to the vehicle, the journey's progress, the title and the
 * secure banner, then the step's form beside the rental's recap (under it on a phone).
 */
export function CheckoutFrame({
  busy = false,
  vehiclePath,
  step,
  provider,
  form,
  recap,
  formTopRef,
}: {
  /** While the session is read: the form waits. */
  busy?: boolean;
  /** Null until the tab's rental is read. */
  vehiclePath: string | null;
  step: CheckoutStep;
  provider: PaymentProviderName | undefined;
  form: ReactNode;
  recap: ReactNode;
  formTopRef?: Ref<HTMLDivElement>;
}) {
  const back = (
    <>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Retour au véhicule
    </>
  );
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12" aria-busy={busy || undefined}>
        {busy && <span className="sr-only">Chargement…</span>}
        {vehiclePath ? (
          <Link to={vehiclePath} className={BACK_CLASS}>
            {back}
          </Link>
        ) : (
          <span className={BACK_CLASS} aria-hidden="true">
            {back}
          </span>
        )}
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
          <SecureBanner provider={provider} />
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-x-12">
          <div ref={formTopRef} id="checkout-form" className="min-w-0 space-y-6">
            {form}
          </div>
          <aside className="min-w-0 lg:sticky lg:top-28 lg:self-start">{recap}</aside>
        </div>
      </div>
    </div>
  );
}

const nothing = () => {};
const NO_INVALID_FIELD: ReadonlySet<never> = new Set();

/**
 * The frame while the session and the tab's rental are read: the first step's card waiting for
 * the driver's details. The form is a fragment as the checkout's own is, so that filling the
 * frame in keeps its elements (the step's heading among them).
 */
export function waitingFrame(headingRef?: Ref<HTMLHeadingElement>) {
  return {
    busy: true,
    vehiclePath: null,
    step: 1,
    provider: undefined,
    form: (
      <>
        <DriverStep
          values={null}
          onChange={nothing}
          invalid={NO_INVALID_FIELD}
          locked={false}
          supercar={false}
          onSubmit={nothing}
          headingRef={headingRef}
          saveOffer={null}
        />
      </>
    ),
    recap: <div className="h-96 animate-pulse rounded-3xl bg-mist/50" aria-hidden="true" />,
  } as const;
}

/**
 * The checkout while the session and the tab's rental are read. The same for every visitor, so
 * the server sends it rendered: a phone shows the page's frame before the app's scripts have
 * arrived. The checkout itself draws exactly this while the session is read, then fills it in.
 */
export function CheckoutSkeleton() {
  return <CheckoutFrame {...waitingFrame()} />;
}

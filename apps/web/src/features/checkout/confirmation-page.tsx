import { bookingReference } from '@vroum/core/booking-status';
import { clsx } from 'clsx';
import {
  CalendarDays,
  CircleCheck,
  CircleX,
  CreditCard,
  FileSignature,
  IdCard,
  LoaderCircle,
  MapPin,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RentalStepsChecklist } from '../../components/rental-steps-checklist';
import { VehicleThumbnail } from '../../components/vehicle-thumbnail';
import { Button, ButtonLink } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { rememberReturnPath } from '../../lib/auth/return-path';
import { formatEuros, formatLongDateTime } from '../../lib/format';
import { preloadToaster } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useMyBookings } from './api/my-bookings';
import { isPendingOutcome, usePaymentOutcome, type PaymentOutcome } from './api/payment-outcome';
import { clearCheckout } from './checkout-storage';

/** How long the page keeps asking before it says the confirmation is taking longer. */
const POLL_LIMIT_MS = 2 * 60_000;

/**
 * /confirmation?payment_intent={id}: the payment's return page. It reads the booking
 * behind the intent, as the server settles it from the processor, and refreshes while pending.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent') ?? '';
  const { user, loading } = useAuth();
  usePageMeta('Confirmation de votre réservation');

  if (!intentId) return <Navigate to="/" replace />;
  if (loading) return <Frame tone="pending" title="Chargement…" />;
  if (!user) return <SignInFirst />;
  return <Outcome intentId={intentId} />;
}

function SignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    rememberReturnPath(`${location.pathname}${location.search}`);
    void navigate('/auth', { replace: true });
  }, [location.pathname, location.search, navigate]);
  return <Frame tone="pending" title="Chargement…" />;
}

function Outcome({ intentId }: { intentId: string }) {
  const [polling, setPolling] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setPolling(false), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const query = usePaymentOutcome(intentId, true, polling);
  const outcome = query.data;
  const paid = outcome?.paymentStatus === 'succeeded';

  // The rental is booked: the draft and the checkout copy are done with (also after 3-D Secure),
  // and an earlier card refusal still on screen no longer applies.
  useEffect(() => {
    if (!paid) return;
    clearCheckout();
    void preloadToaster().then((toast) => toast.dismiss());
  }, [paid]);

  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return notFound ? (
      <Frame
        tone="failed"
        title="Paiement introuvable"
        lead="Aucune réservation ne correspond à ce paiement sur votre compte."
      >
        <Actions secondary={{ to: '/profil', label: 'Accéder à mon profil' }} />
      </Frame>
    ) : (
      <Frame
        tone="failed"
        title="Vérification impossible"
        lead="Nous n’avons pas pu vérifier l’état de votre paiement. Veuillez réessayer."
      >
        <div className="mt-8 flex justify-center">
          <Button onClick={() => void query.refetch()}>Réessayer</Button>
        </div>
      </Frame>
    );
  }
  if (!outcome) return <Frame tone="pending" title="Chargement…" />;
  if (paid) return <Confirmed outcome={outcome} />;
  if (isPendingOutcome(outcome)) {
    return (
      <Frame
        tone="pending"
        title="Paiement en cours de confirmation…"
        lead={
          polling
            ? 'Cela ne prend généralement que quelques secondes. Cette page se met à jour automatiquement.'
            : 'La confirmation prend plus de temps que prévu. Vous recevrez un e-mail et une notification dès que votre paiement sera confirmé.'
        }
        live
      >
        {!polling && <Actions secondary={{ to: '/profil', label: 'Accéder à mon profil' }} />}
      </Frame>
    );
  }
  if (outcome.paymentStatus === 'refunded') {
    return (
      <Frame
        tone="failed"
        title="Réservation annulée"
        lead="Le véhicule n’était plus disponible pour ces dates&nbsp;: votre paiement a été intégralement remboursé."
        live
      >
        <Actions />
      </Frame>
    );
  }
  return (
    <Frame
      tone="failed"
      title="Paiement non abouti"
      lead={
        <>
          {outcome.lastError && <span className="block font-semibold">{outcome.lastError}</span>}
          Votre réservation n’a pas été confirmée et aucun montant n’a été débité. Vous pouvez
          choisir un véhicule et réserver de nouveau.
        </>
      }
      live
    >
      <Actions />
    </Frame>
  );
}

const TONES = {
  pending: { icon: LoaderCircle, ring: 'bg-ivory text-gold-deep ring-mist', spin: true },
  success: { icon: CircleCheck, ring: 'bg-ink text-gold ring-gold/40', spin: false },
  failed: { icon: CircleX, ring: 'bg-danger/10 text-danger ring-danger/20', spin: false },
} as const;

function Frame({
  tone,
  eyebrow,
  title,
  lead,
  live = false,
  children,
}: {
  tone: keyof typeof TONES;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** Announce the outcome when it replaces the waiting state. */
  live?: boolean;
  children?: ReactNode;
}) {
  const { icon: Icon, ring, spin } = TONES[tone];
  return (
    <section className="bg-ivory py-12 md:py-20">
      <div className="container-page max-w-3xl">
        <div
          className="text-center"
          role={live ? 'status' : undefined}
          aria-busy={tone === 'pending' || undefined}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ring-8',
              ring,
            )}
          >
            <Icon className={clsx('h-8 w-8', spin && 'animate-spin')} />
          </span>
          {eyebrow && <p className="eyebrow mt-6">{eyebrow}</p>}
          <h1
            className={clsx(
              'font-display text-4xl leading-tight text-ink md:text-5xl',
              eyebrow ? 'mt-2' : 'mt-6',
            )}
          >
            {title}
          </h1>
          {lead && (
            <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-graphite">{lead}</p>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}

function Actions({
  primary = { to: '/flotte', label: 'Retour à la flotte' },
  secondary,
}: {
  primary?: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <ButtonLink to={primary.to} size="lg">
        {primary.label}
      </ButtonLink>
      {secondary && (
        <ButtonLink to={secondary.to} variant="outline" size="lg">
          {secondary.label}
        </ButtonLink>
      )}
    </div>
  );
}

const NEXT_STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: IdCard,
    title: 'Vérifiez votre identité',
    text: 'Pièce d’identité, permis de conduire (recto et verso) et un selfie, envoyés depuis «\u00a0Vérifier mon identité\u00a0» ci-dessus\u00a0; notre équipe les contrôle.',
  },
  {
    icon: FileSignature,
    title: 'Signez votre contrat',
    text: 'Votre contrat de location pré-rempli se lit et se signe en ligne, avec un code reçu par e-mail, sans impression.',
  },
  {
    icon: CreditCard,
    title: 'Caution autorisée 24\u00a0h avant la livraison',
    text: 'Une empreinte bancaire du montant de la caution est placée sur votre carte, jamais débitée, puis libérée après la restitution du véhicule sans dommage.',
  },
];

function Confirmed({ outcome }: { outcome: PaymentOutcome }) {
  const bookings = useMyBookings(true);
  const booking = bookings.data?.bookings.find((candidate) => candidate.id === outcome.bookingId);
  return (
    <Frame
      tone="success"
      eyebrow="Paiement accepté"
      title="Réservation confirmée"
      lead="Merci pour votre confiance. Un e-mail récapitulatif vient de vous être envoyé."
      live
    >
      <div className="mt-10 overflow-hidden rounded-3xl bg-paper shadow-xl ring-1 shadow-ink/5 ring-mist">
        <div className="flex flex-wrap items-center justify-between gap-4 bg-ink px-6 py-5 text-paper md:px-8">
          <p className="text-xs font-semibold tracking-[0.2em] text-paper/70 uppercase">
            Référence de réservation
          </p>
          <p className="font-mono text-2xl font-semibold tracking-[0.15em] text-gold">
            {bookingReference(outcome.bookingId)}
          </p>
        </div>
        {booking && (
          <div className="grid gap-6 px-6 py-6 sm:grid-cols-[10rem_1fr] sm:items-center md:px-8">
            <VehicleThumbnail
              src={booking.vehicleImageUrl}
              className="mx-auto h-auto w-40 sm:mx-0"
            />
            <div className="min-w-0">
              <p className="font-display text-3xl leading-tight text-ink">{booking.vehicleName}</p>
              <dl className="mt-3 grid gap-2 text-sm text-graphite">
                <Fact icon={CalendarDays} label="Départ">
                  {formatLongDateTime(booking.pickupDate)}
                </Fact>
                <Fact icon={CalendarDays} label="Retour">
                  {formatLongDateTime(booking.returnDate)}
                </Fact>
                <Fact icon={MapPin} label="Livraison">
                  {booking.pickupLocation}
                </Fact>
                <Fact icon={CreditCard} label="Montant payé">
                  {formatEuros(booking.totalPriceCents)}
                </Fact>
              </dl>
            </div>
          </div>
        )}
      </div>

      <div className="mt-10">
        <RentalStepsChecklist bookingId={outcome.bookingId} />
      </div>

      <section aria-labelledby="next-steps-title" className="mt-10">
        <h2 id="next-steps-title" className="text-center font-display text-3xl text-ink">
          Prochaines étapes
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {NEXT_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-ivory text-gold-deep ring-1 ring-mist"
                >
                  <Icon className="h-5 w-5" />
                </span>
                <span className="text-xs font-semibold tracking-widest text-stone uppercase">
                  Étape {index + 1}
                </span>
              </div>
              <h3 className="mt-4 font-semibold text-ink">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-graphite">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <Actions
        primary={{ to: `/reservation/${outcome.bookingId}`, label: 'Voir ma réservation' }}
        secondary={{ to: '/profil', label: 'Accéder à mon profil' }}
      />
    </Frame>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
      <dt className="w-24 shrink-0 text-stone">{label}</dt>
      <dd className="min-w-0 font-medium text-ink first-letter:uppercase">{children}</dd>
    </div>
  );
}

export { ConfirmationPage as Component };

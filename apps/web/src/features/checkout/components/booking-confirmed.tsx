import { bookingReference } from '@vroum/core/booking-status';
import {
  CalendarDays,
  CreditCard,
  FileSignature,
  IdCard,
  MapPin,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { RentalStepsChecklist } from '../../../components/rental-steps-checklist';
import { VehicleThumbnail } from '../../../components/vehicle-thumbnail';
import { formatEuros, formatLongDateTime } from '../../../lib/format';
import { useMyBookings } from '../api/my-bookings';
import type { PaymentOutcome } from '../api/payment-outcome';
import { OutcomeActions, OutcomeFrame } from './outcome-frame';

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

/**
 * A paid booking: its reference and rental, the steps the customer completes before delivery
 * (identity, contract, deposit), and the way to the booking.
 */
export function BookingConfirmed({ outcome }: { outcome: PaymentOutcome }) {
  const bookings = useMyBookings(true);
  const booking = bookings.data?.bookings.find((candidate) => candidate.id === outcome.bookingId);
  return (
    <OutcomeFrame
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

      <OutcomeActions
        primary={{ to: `/reservation/${outcome.bookingId}`, label: 'Voir ma réservation' }}
        secondary={{ to: '/profil', label: 'Accéder à mon profil' }}
      />
    </OutcomeFrame>
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

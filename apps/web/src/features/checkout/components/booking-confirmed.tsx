import { bookingReference } from '@vroum/core/booking-status';
import { CalendarDays, CreditCard, MapPin, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { RentalStepsChecklist } from '../../../components/rental-steps-checklist';
import { VehicleThumbnail } from '../../../components/vehicle-thumbnail';
import { formatEuros, formatLongDateTime } from '../../../lib/format';
import { useMyBookings } from '../api/my-bookings';
import type { PaymentOutcome } from '../api/payment-outcome';
import { OutcomeActions, OutcomeFrame } from './outcome-frame';

/**
 * A paid booking: its reference and rental, the two steps the customer completes before delivery
 * (identity, contract: the checklist, said once), the deposit that follows, and the way to the
 * booking.
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

      {/* The checklist above holds the two steps, with what to do: here only what follows them. */}
      <section
        aria-labelledby="deposit-note-title"
        className="mt-6 flex items-start gap-4 rounded-2xl bg-paper p-5 ring-1 ring-mist"
      >
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ivory text-gold-deep ring-1 ring-mist"
        >
          <CreditCard className="h-5 w-5" />
        </span>
        <div>
          <h2 id="deposit-note-title" className="font-semibold text-ink">
            Puis, 24&nbsp;h avant la livraison&nbsp;: la caution
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed text-graphite">
            Une empreinte bancaire du montant de la caution est placée sur votre carte, jamais
            débitée, puis libérée après la restitution du véhicule sans dommage.
          </p>
        </div>
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

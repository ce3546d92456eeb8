import type { BookingDetail } from '@vroum/core/booking';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Car, MessageSquareText, Receipt } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { RentalStepsChecklist } from '../../components/rental-steps-checklist';
import { PriceLines } from '../../components/price-lines';
import { ApiRequestError } from '../../lib/api-client';
import { formatLongDateTime } from '../../lib/format';
import { site } from '../../lib/site';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { fetchBooking } from './api';
import { AgentVisit } from './components/agent-visit';
import { BookingInvoices } from './components/booking-invoices';
import { CancelBooking } from './components/cancel-booking';
import { ExtendRental } from './components/extend-rental';
import { InspectionReports } from './components/inspection-reports';
import { RentalReview } from './components/rental-review';
import { ReturnCharges } from './components/return-charges';
import { ReturnChoice } from './components/return-choice';
import { BookingStatusBadge, PaymentStatusBadge } from './components/status-badges';

/** /reservation/{id}: uses the booking passed by the look-up, or loads it by id. */
export function BookingDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as { booking?: BookingDetail } | null)?.booking;
  const query = useQuery({
    queryKey: ['booking', id],
    queryFn: ({ signal }) => fetchBooking(id, signal),
    initialData: passed?.id === id ? passed : undefined,
    retry: false,
  });
  usePageMeta(query.data ? `Réservation ${query.data.reference}` : 'Réservation');

  useEffect(() => {
    if (!query.isError) return;
    const notFound =
      query.error instanceof ApiRequestError && [400, 404].includes(query.error.status);
    notify.error(
      notFound ? 'Réservation introuvable' : 'Erreur lors du chargement de la réservation',
    );
    void navigate('/gerer-reservation', { replace: true });
  }, [query.isError, query.error, navigate]);

  if (!id) return <Navigate to="/gerer-reservation" replace />;
  if (!query.data) {
    return (
      <p role="status" className="container-page py-24 text-center text-stone">
        Chargement...
      </p>
    );
  }
  return <BookingDetailView booking={query.data} />;
}

function BookingDetailView({ booking }: { booking: BookingDetail }) {
  const days = `${booking.days} ${booking.days > 1 ? 'jours' : 'jour'}`;
  const priceLines = [
    { label: 'Prix de base', amountCents: booking.basePriceCents },
    { label: 'Protection', amountCents: booking.protectionCostCents },
    {
      label: 'Options',
      amountCents:
        booking.optionsCostCents + booking.chauffeurCostCents + booking.unlimitedKmCostCents,
    },
    { label: 'Frais de livraison', amountCents: booking.deliveryFeeCents },
    { label: 'Restitution à une autre adresse', amountCents: booking.returnFeeCents },
    { label: 'Réduction', amountCents: -booking.discountCents },
    { label: 'Prolongation', amountCents: booking.extensionsCents },
  ].filter((line) => line.amountCents !== 0);
  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className="container-page max-w-4xl">
        <p className="eyebrow">Réservation</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-display text-5xl text-ink">{booking.reference}</h1>
          <BookingStatusBadge status={booking.bookingStatus} />
          <PaymentStatusBadge status={booking.paymentStatus} />
        </div>
        {!booking.personalDataVisible && (
          <p className="mt-4 rounded-xl bg-paper p-4 text-sm text-stone ring-1 ring-mist">
            Les adresses et demandes de cette réservation sont masquées. Connectez-vous ou
            retrouvez-la avec votre e-mail sur la page «&nbsp;Gérer ma réservation&nbsp;» pour les
            afficher.
          </p>
        )}
        {(booking.bookingStatus === 'confirmed' || booking.bookingStatus === 'active') && (
          <AgentVisit booking={booking} />
        )}
        {(booking.bookingStatus === 'confirmed' || booking.bookingStatus === 'active') &&
          booking.personalDataVisible && <ReturnChoice booking={booking} />}
        {(booking.bookingStatus === 'confirmed' || booking.bookingStatus === 'active') &&
          booking.personalDataVisible && <ExtendRental booking={booking} />}
        {booking.personalDataVisible && <InspectionReports booking={booking} />}
        {booking.personalDataVisible && <ReturnCharges booking={booking} />}
        {booking.personalDataVisible && <BookingInvoices booking={booking} />}
        {booking.bookingStatus === 'confirmed' && booking.personalDataVisible && (
          <div className="mt-8">
            <RentalStepsChecklist bookingId={booking.id} />
          </div>
        )}
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <Card icon={<Car className="h-5 w-5" />} title="Véhicule">
            <img
              src={booking.vehicle.imageUrl}
              alt=""
              width={800}
              height={450}
              className="w-full"
            />
            <p className="mt-3 font-display text-2xl text-ink">{booking.vehicle.name}</p>
            <p className="text-sm text-stone">{booking.vehicle.category}</p>
          </Card>
          <Card icon={<CalendarDays className="h-5 w-5" />} title="Dates et Lieux">
            <dl className="space-y-3 text-sm">
              <Row label="Prise en charge" value={formatLongDateTime(booking.pickupDate)} />
              <Row label="Restitution" value={formatLongDateTime(booking.returnDate)} />
              {booking.pickupLocation && (
                <Row label="Lieu de livraison" value={booking.pickupLocation} />
              )}
              {booking.returnLocation && (
                <Row
                  label="Lieu de restitution"
                  value={
                    booking.collection.mode === 'agency'
                      ? `Agence, ${site.agencyAddress}`
                      : booking.returnLocation
                  }
                />
              )}
              <Row label="Durée" value={days} />
            </dl>
          </Card>
          <Card icon={<Receipt className="h-5 w-5" />} title="Détails du prix">
            <PriceLines
              lines={priceLines}
              totalCents={booking.totalPriceCents + booking.extensionsCents}
              totalLabel="Total"
              depositCents={booking.depositAmountCents}
              depositLabel="Caution"
              size="plain"
            />
          </Card>
          {booking.specialRequests && (
            <Card icon={<MessageSquareText className="h-5 w-5" />} title="Demandes spéciales">
              <p className="text-sm whitespace-pre-line text-graphite">{booking.specialRequests}</p>
            </Card>
          )}
        </div>
        {booking.bookingStatus === 'completed' && booking.personalDataVisible && (
          <RentalReview bookingId={booking.id} vehicleName={booking.vehicle.name} />
        )}
        {(booking.bookingStatus === 'pending' || booking.bookingStatus === 'confirmed') &&
          booking.personalDataVisible && (
            <div className="mt-8">
              <CancelBooking bookingId={booking.id} />
            </div>
          )}
      </div>
    </section>
  );
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-3xl bg-paper p-6 shadow-sm ring-1 ring-mist">
      <h2 className="mb-4 flex items-center gap-2 font-display text-2xl text-ink">
        <span className="text-gold-deep" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-stone">{label}</dt>
      <dd className="text-right font-medium text-ink first-letter:uppercase">{value}</dd>
    </div>
  );
}

export { BookingDetailPage as Component };

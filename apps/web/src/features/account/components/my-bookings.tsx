import { bookingStatusLabel, paymentStatusLabel } from '@vroum/core/booking-status';
import { RentalStepsChecklist } from '../../../components/rental-steps-checklist';
import { VehicleThumbnail } from '../../../components/vehicle-thumbnail';
import { ArrowRight } from 'lucide-react';
import { formatEuros, formatLongDate } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { useMyBookings } from '../api/profile';

/** Profile → Réservations: the user's own bookings, each leading to its detail page. */
export function MyBookingsList() {
  const query = useMyBookings();
  if (query.isPending) return <p className="text-sm text-stone">Chargement...</p>;
  if (query.isError) {
    return <p className="text-sm text-danger">Impossible de charger vos réservations.</p>;
  }
  if (query.data.bookings.length === 0) {
    return (
      <p className="rounded-2xl bg-ivory p-8 text-center text-stone">
        Aucune réservation pour le moment
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {query.data.bookings.map((booking) => (
        <li key={booking.id}>
          <Link
            to={`/reservation/${booking.id}`}
            className="flex flex-wrap items-center gap-5 rounded-2xl border border-mist p-4 transition hover:border-ink/30 hover:shadow-md"
          >
            <VehicleThumbnail src={booking.vehicleImageUrl} className="w-32 shrink-0" />
            {/* At least 12 rem wide: on a phone the text goes under the car, not beside it. */}
            <div className="min-w-48 flex-1">
              <p className="text-xs font-semibold tracking-widest text-stone uppercase">
                Réservation {booking.reference}
              </p>
              <h2 className="font-display text-2xl text-ink">{booking.vehicleName}</h2>
              <p className="text-sm text-graphite">
                Du {formatLongDate(booking.pickupDate)} au {formatLongDate(booking.returnDate)}
              </p>
            </div>
            <div className="ml-auto text-right text-sm">
              <p className="font-semibold text-ink">{formatEuros(booking.totalPriceCents)}</p>
              <p className="text-stone">
                {bookingStatusLabel(booking.bookingStatus)} ·{' '}
                {paymentStatusLabel(booking.paymentStatus)}
              </p>
            </div>
            <ArrowRight className="h-5 w-5 text-stone" aria-hidden="true" />
          </Link>
          {booking.bookingStatus === 'confirmed' && (
            <div className="mt-2">
              <RentalStepsChecklist bookingId={booking.id} compact />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

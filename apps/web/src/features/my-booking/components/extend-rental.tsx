import type { BookingDetail } from '@vroum/core/booking';
import { CalendarPlus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * During a confirmed or active rental, the signed-in customer may keep the car longer: the link
 * to the extension's page, until the car is on its way back.
 */
export function ExtendRental({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  if (
    !user ||
    booking.collection.status !== 'planned' ||
    new Date(booking.returnDate).getTime() <= Date.now()
  ) {
    return null;
  }
  return (
    <section
      aria-labelledby="extend-rental-title"
      className="mt-6 flex flex-col gap-4 rounded-3xl bg-paper p-6 shadow-sm ring-1 ring-mist sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2
          id="extend-rental-title"
          className="flex items-center gap-2 font-display text-2xl text-ink"
        >
          <CalendarPlus className="h-5 w-5 text-gold-deep" aria-hidden="true" />
          Besoin du véhicule plus longtemps&nbsp;?
        </h2>
        <p className="mt-1 text-sm text-graphite">
          Prolongez votre location en ligne&nbsp;: le prix s’affiche avant de payer, par carte.
        </p>
      </div>
      <ButtonLink to={`/reservation/${booking.id}/prolongation`} className="shrink-0">
        Prolonger ma location
      </ButtonLink>
    </section>
  );
}

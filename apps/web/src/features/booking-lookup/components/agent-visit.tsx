import type { BookingDetail } from '@vroum/core/booking';
import { formatTimeWindow } from '../../../lib/format';
import { site } from '../../../lib/site';

/**
 * When the agent comes, and live where they are (the page follows the booking's changes); for a
 * return at the agency, where and when the customer brings the car.
 */
export function AgentVisit({ booking }: { booking: BookingDetail }) {
  const delivering = booking.bookingStatus === 'confirmed';
  const visit = delivering ? booking.delivery : booking.collection;
  const atAgency = !delivering && booking.collection.mode === 'agency';
  const onTheWay = visit.status === 'en_route';
  return (
    <section
      aria-label={delivering ? 'Livraison' : 'Restitution'}
      className={`mt-6 rounded-2xl p-5 ring-1 ${onTheWay ? 'bg-gold-soft ring-gold' : 'bg-paper ring-mist'}`}
    >
      <p className="font-semibold text-ink first-letter:uppercase">
        {delivering ? 'Livraison' : atAgency ? 'Restitution à l’agence' : 'Restitution'}{' '}
        {formatTimeWindow(visit.windowStart, visit.windowEnd)}
      </p>
      <p role="status" className="mt-1 text-sm text-graphite">
        {atAgency
          ? `Rendez le véhicule à notre agence, ${site.agencyAddress}, avec ses clés et ses accessoires.`
          : onTheWay
            ? delivering
              ? 'Votre agent est en route avec le véhicule.'
              : 'Notre agent est en route pour récupérer le véhicule.'
            : 'Nous vous prévenons dès que notre agent part.'}
      </p>
    </section>
  );
}

import type { BookingDetail } from '@vroum/core/booking';
import { AGENCY_HOURS_TEXT } from '@vroum/core/mission-window';
import { formatTimeWindow } from '../../../lib/format';
import { site } from '../../../lib/site';

/**
 * When the agent comes, both ways, from the moment the booking is confirmed: the delivery's
 * window and the return's (the server's windows, from core's one rule); for a return at the
 * agency, where and within which hours the customer brings the car. Live, where the agent is
 * (the page follows the booking's changes). Once the car is handed over, the return alone.
 */
export function AgentVisit({ booking }: { booking: BookingDetail }) {
  const delivering = booking.bookingStatus === 'confirmed';
  return (
    <div className={`mt-6 grid gap-4 ${delivering ? 'md:grid-cols-2' : ''}`}>
      {delivering && <Visit booking={booking} kind="delivery" />}
      <Visit booking={booking} kind="return" />
    </div>
  );
}

function Visit({ booking, kind }: { booking: BookingDetail; kind: 'delivery' | 'return' }) {
  const delivery = kind === 'delivery';
  const visit = delivery ? booking.delivery : booking.collection;
  const atAgency = !delivery && booking.collection.mode === 'agency';
  const onTheWay = visit.status === 'en_route';
  const name = delivery ? 'Livraison' : 'Restitution';
  return (
    <section
      aria-label={name}
      className={`rounded-2xl p-5 ring-1 ${onTheWay ? 'bg-gold-soft ring-gold' : 'bg-paper ring-mist'}`}
    >
      <p className="text-xs font-semibold tracking-wide text-gold-deep uppercase">
        {atAgency ? 'Restitution à l’agence' : name}
      </p>{' '}
      <p className="mt-1 font-semibold text-ink first-letter:uppercase">
        {formatTimeWindow(visit.windowStart, visit.windowEnd)}
      </p>
      <p role="status" className="mt-1 text-sm text-graphite">
        {atAgency
          ? `Rendez le véhicule à notre agence, ${site.agencyAddress}, avec ses clés et ses accessoires. L’agence vous accueille ${AGENCY_HOURS_TEXT}.`
          : onTheWay
            ? delivery
              ? 'Votre agent est en route avec le véhicule.'
              : 'Notre agent est en route pour récupérer le véhicule.'
            : 'Nous vous prévenons dès que notre agent part.'}
      </p>
    </section>
  );
}

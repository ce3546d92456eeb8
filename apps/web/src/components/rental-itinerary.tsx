import { CalendarDays, MapPin } from 'lucide-react';
import { IconFact } from './ui/icon-fact';

const calendar = <CalendarDays className="h-4 w-4" />;
const pin = <MapPin className="h-4 w-4" />;

/**
 * When and where a rental starts and ends, as a list of facts: 'Départ', 'Retour', 'Livraison',
 * and 'Restitution' when the car is collected elsewhere. The values come worded.
 */
export function RentalItinerary({
  start,
  end,
  delivery,
  collection,
}: {
  start: string;
  end: string;
  delivery: string;
  /** The collection address, when it is not the delivery's. */
  collection?: string | null | undefined;
}) {
  return (
    <dl className="space-y-3 text-sm">
      <IconFact icon={calendar} label="Départ">
        {start}
      </IconFact>
      <IconFact icon={calendar} label="Retour">
        {end}
      </IconFact>
      <IconFact icon={pin} label="Livraison">
        {delivery}
      </IconFact>
      {collection && (
        <IconFact icon={pin} label="Restitution">
          {collection}
        </IconFact>
      )}
    </dl>
  );
}

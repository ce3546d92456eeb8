import { frenchSpacing } from '@vroum/core/french-typography';
import type { Vehicle } from '@vroum/core/vehicle';
import { offersUnlimitedKm } from '@vroum/core/vehicle-km';
import { resolveFeatures } from '@vroum/core/vehicle-features';
import {
  Briefcase,
  DoorOpen,
  Fuel,
  Gauge,
  Route,
  Settings2,
  Timer,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/**
 * Characteristics with the defaults for absent features (Automatique, 5 seats, 3 luggage, 4 doors).
 */
export function VehicleCharacteristics({ vehicle }: { vehicle: Vehicle }) {
  const features = resolveFeatures(vehicle.features);
  const items: { icon: LucideIcon; label: string; value: string }[] = [
    { icon: Settings2, label: 'Boîte de vitesses', value: features.transmission },
    { icon: Users, label: 'Places', value: String(features.seats) },
    { icon: Briefcase, label: 'Bagages', value: String(features.luggage) },
    { icon: DoorOpen, label: 'Portes', value: String(features.doors) },
    {
      icon: Route,
      label: 'Kilométrage',
      value: offersUnlimitedKm(vehicle)
        ? '1\u00a0000\u00a0km inclus, illimité en option'
        : `${vehicle.dailyKmLimit}\u00a0km / jour`,
    },
  ];
  if (vehicle.specs) {
    items.push(
      { icon: Zap, label: 'Puissance', value: vehicle.specs.power },
      { icon: Timer, label: '0 à 100\u00a0km/h', value: vehicle.specs.acceleration },
      { icon: Gauge, label: 'Vitesse maximale', value: vehicle.specs.topSpeed },
      { icon: Fuel, label: 'Énergie', value: vehicle.specs.fuelType },
    );
  }
  return (
    <section aria-labelledby="caracteristiques-title">
      <h2 id="caracteristiques-title" className="font-display text-3xl text-ink">
        Caractéristiques
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(({ icon: Icon, label, value }) => (
          <div key={label} className="rounded-xl bg-ivory p-4">
            <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-stone uppercase">
              <Icon className="h-4 w-4 text-gold-deep" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1.5 text-sm font-semibold text-ink">{frenchSpacing(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

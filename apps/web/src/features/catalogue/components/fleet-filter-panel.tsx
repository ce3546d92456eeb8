import { PRICE_FILTER, SEAT_FILTERS } from '@vroum/core/fleet-filters';
import type { Transmission } from '@vroum/core/vehicle';
import type { FleetFilters, SeatFilter } from '../fleet-view';
import { ChoiceGroup } from './choice-group';
import { PriceRangeSlider } from './price-range-slider';

const TRANSMISSION_OPTIONS: { value: Transmission | null; label: string }[] = [
  { value: null, label: 'Toutes' },
  { value: 'Automatique', label: 'Automatique' },
  { value: 'Manuelle', label: 'Manuelle' },
];

/** Seats are a minimum: a family of five is glad to see the seven-seat van too. */
const SEAT_OPTIONS: { value: SeatFilter | null; label: string }[] = [
  { value: null, label: 'Toutes' },
  ...SEAT_FILTERS.map((seats) => ({ value: seats, label: `${seats} et +` })),
];

export const seatsLabel = (seats: SeatFilter) => `${seats} places et +`;

/** The fleet filters: daily price range, transmission, minimum number of seats. */
export function FleetFilterPanel({
  filters,
  onChange,
}: {
  filters: FleetFilters;
  onChange: (change: Partial<FleetFilters>) => void;
}) {
  return (
    <div className="space-y-8">
      <PriceRangeSlider
        min={PRICE_FILTER.min}
        max={PRICE_FILTER.max}
        step={PRICE_FILTER.step}
        value={[filters.minPrice, filters.maxPrice]}
        onChange={([minPrice, maxPrice]) => onChange({ minPrice, maxPrice })}
      />
      <ChoiceGroup
        legend="Boîte de vitesses"
        options={TRANSMISSION_OPTIONS}
        value={filters.transmission}
        onChange={(transmission) => onChange({ transmission })}
      />
      <ChoiceGroup
        legend="Nombre de places"
        options={SEAT_OPTIONS}
        value={filters.seats}
        onChange={(seats) => onChange({ seats })}
      />
    </div>
  );
}

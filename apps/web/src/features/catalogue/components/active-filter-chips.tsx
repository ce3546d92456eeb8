import { PRICE_FILTER } from '@vroum/core/fleet-filters';
import { X } from 'lucide-react';
import { formatPrice } from '../../../lib/format';
import type { FleetFilters } from '../fleet-view';
import { seatsLabel } from './fleet-filter-panel';

function priceLabel({ minPrice, maxPrice }: FleetFilters): string | null {
  const euros = (amount: number) => formatPrice(amount * 100);
  const hasMin = minPrice !== PRICE_FILTER.min;
  const hasMax = maxPrice !== PRICE_FILTER.max;
  if (hasMin && hasMax) return `${euros(minPrice)} – ${euros(maxPrice)} / jour`;
  if (hasMin) return `Dès ${euros(minPrice)} / jour`;
  if (hasMax) return `Jusqu’à ${euros(maxPrice)} / jour`;
  return null;
}

/** One removable chip per active filter, so that they stay in view when the panel is not. */
export function ActiveFilterChips({
  filters,
  homeFilter,
  onChange,
  onClearHomeFilter,
}: {
  filters: FleetFilters;
  /** The body or energy filter a home category added ('SUV'…), or null. */
  homeFilter: string | null;
  onChange: (change: Partial<FleetFilters>) => void;
  onClearHomeFilter: () => void;
}) {
  const price = priceLabel(filters);
  const chips = [
    homeFilter && { label: homeFilter, remove: onClearHomeFilter },
    price && {
      label: price,
      remove: () => onChange({ minPrice: PRICE_FILTER.min, maxPrice: PRICE_FILTER.max }),
    },
    filters.transmission && {
      label: filters.transmission,
      remove: () => onChange({ transmission: null }),
    },
    filters.seats && { label: seatsLabel(filters.seats), remove: () => onChange({ seats: null }) },
  ].filter((chip) => !!chip);

  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filtres actifs" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={`Retirer le filtre ${chip.label}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-full bg-gold-soft pr-2.5 pl-4 text-sm font-medium text-ink transition-colors hover:bg-gold"
          >
            {chip.label}
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

import { SORT_OPTIONS, type SortOption } from '@vroum/core/fleet-filters';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

export function SortSelect({
  value,
  onChange,
}: {
  value: SortOption;
  onChange: (value: SortOption) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="sr-only text-sm whitespace-nowrap text-stone sm:not-sr-only">
        Trier par
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as SortOption)}
          className="h-11 appearance-none rounded-full border border-mist bg-paper pr-10 pl-4 text-sm font-medium text-ink hover:border-ink/40 focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

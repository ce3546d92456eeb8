import { useId } from 'react';

/** A group of radio buttons drawn as pills (native radios: arrow keys move the choice). */
export function ChoiceGroup<T extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T | null; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value ?? 'all'} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="inline-flex h-10 items-center rounded-full border border-mist bg-paper px-4 text-sm font-medium text-graphite transition-colors peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold peer-focus-visible:ring-offset-2 hover:border-ink/40">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

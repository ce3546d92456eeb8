import { HOME_CATEGORIES, type HomeCategory } from '@vroum/core/fleet-filters';
import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';

/**
 * The booking module's last step: the home page's categories as large radio buttons. It opens
 * only from the step before, so it takes the focus (the chosen category, or the first) as it
 * comes into the page, which may be after the module moved the focus.
 */
export default function CategoryStep({
  value,
  onChange,
}: {
  value: HomeCategory | '';
  onChange: (category: HomeCategory) => void;
}) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const fields = fieldset.current;
    (
      fields?.querySelector<HTMLElement>('input:checked') ?? fields?.querySelector('input')
    )?.focus();
  }, []);
  return (
    <fieldset ref={fieldset}>
      <legend className="mb-3 text-sm font-semibold">Catégorie de véhicule</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {HOME_CATEGORIES.map((category) => {
          const checked = value === category.value;
          return (
            <label
              key={category.value}
              className={`relative flex h-14 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold ${
                checked
                  ? 'border-ink bg-ink text-paper'
                  : 'border-mist bg-paper hover:border-ink/40'
              }`}
            >
              <input
                type="radio"
                name="category"
                value={category.value}
                checked={checked}
                onChange={() => onChange(category.value)}
                className="sr-only"
              />
              {checked && <Check className="mr-1.5 h-4 w-4 text-gold" aria-hidden="true" />}
              {category.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

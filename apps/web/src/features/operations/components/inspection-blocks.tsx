import { useId, type ReactNode } from 'react';
import { FormField, TextField } from '../../../components/form/form-field';
import { inputClass, labelClass } from '../../../components/ui/field';

export const ACCESSORIES = [
  'Certificat d’immatriculation',
  'Gilet et triangle',
  'Câble de recharge',
  'Carte carburant',
  'Siège enfant',
];

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** One titled part of an inspection form. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <h2 id={id} className="mb-3 font-display text-2xl text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A whole number typed on a phone's numeric keypad. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  maxDigits = 7,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxDigits?: number;
  className?: string;
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="numeric"
      value={value}
      onChange={(typed) => onChange(digits(typed, maxDigits))}
      className={className}
    />
  );
}

/** A free note, in a few lines. */
export function NoteField({
  id,
  label,
  value,
  onChange,
  maxLength,
  height = 'h-24',
  className,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  height?: 'h-20' | 'h-24';
  className?: string;
}) {
  return (
    <FormField id={id} label={label} className={className}>
      {(props) => (
        <textarea
          {...props}
          className={`${inputClass} ${height} py-3`}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** A statement the agent ticks, written beside its box. */
export function TickBox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-12 items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

/** The accessories handed over or brought back, ticked. */
export function AccessoriesField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <fieldset className="mt-4 grid gap-1">
      <legend className={labelClass}>Accessoires</legend>
      {ACCESSORIES.map((item) => (
        <label key={item} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
            checked={value.includes(item)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, item] : value.filter((x) => x !== item))
            }
          />
          {item}
        </label>
      ))}
    </fieldset>
  );
}

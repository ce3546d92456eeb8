import { CalendarClock } from 'lucide-react';
import { InputIcon } from './input-icon';
import { formatLongDateTime, parisClockValue } from '../../lib/format';
import { fromParisClock } from '../../lib/paris-time';
import { hintClass, inputClass, labelClass } from './field';

/** ISO instant → the 'yyyy-MM-ddTHH:mm' of a datetime-local input: the clock in Paris. */
export function toParisInputValue(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : parisClockValue(date);
}

/** The value of a datetime-local input, read as Paris time → ISO instant ('' when empty). */
export function fromParisInputValue(value: string): string {
  return fromParisClock(value)?.toISOString() ?? '';
}

/**
 * A date and time picker: the browser's own (keyboard and screen-reader friendly, shown in the
 * French format of a French browser), with the chosen moment spelled out in French below it. The
 * time is the one in France, where the car is delivered, whatever the browser's zone.
 */
export function DateTimeField({
  id,
  label,
  value,
  onChange,
  min,
  error,
  required = false,
}: {
  id: string;
  label: string;
  /** ISO instant, or '' when not chosen. */
  value: string;
  onChange: (iso: string) => void;
  /** ISO instant before which nothing can be chosen. */
  min?: string;
  /** What is wrong with the chosen moment, shown under the field and read with it. */
  error?: string;
  required?: boolean;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [value ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <InputIcon icon={CalendarClock} />
        <input
          id={id}
          type="datetime-local"
          lang="fr"
          required={required}
          value={toParisInputValue(value)}
          min={min ? toParisInputValue(min) : undefined}
          step={900}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(fromParisInputValue(event.target.value))}
          className={`${inputClass} pl-10`}
        />
      </div>
      {value && (
        <p id={hintId} className={`${hintClass} first-letter:uppercase`}>
          {formatLongDateTime(value)}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

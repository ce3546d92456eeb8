import { CalendarClock } from 'lucide-react';
import { InputIcon } from './input-icon';
import { formatLongDateTime } from '../../lib/format';
import { hintClass, inputClass, labelClass } from './field';

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant → the browser-local 'yyyy-MM-ddTHH:mm' of a datetime-local input. */
export function toLocalInputValue(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The browser-local value of a datetime-local input → ISO instant ('' when empty). */
export function fromLocalInputValue(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * A date and time picker: the browser's own (keyboard and screen-reader friendly, shown in the
 * French format of a French browser), with the chosen moment spelled out in French below it.
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
          value={toLocalInputValue(value)}
          min={min ? toLocalInputValue(min) : undefined}
          step={900}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(fromLocalInputValue(event.target.value))}
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

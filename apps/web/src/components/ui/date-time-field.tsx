import { fromParisClock } from '@vroum/core/paris-time';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { InputIcon } from './input-icon';
import { formatAdminDateTime, formatLongDateTime, parisClockValue } from '../../lib/format';
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
 * A date and time field: the browser's own for typing, with the chosen moment spelled out in
 * French below it. For a rental, the French calendar's button is at its end (`action`) and the
 * field shows the moment in French until it is focused (the browser writes it in its own
 * language's format, 'mm/dd/yyyy' in English). The time is the one in France, where the car is
 * delivered, whatever the browser's zone.
 */
export function DateTimeField({
  id,
  label,
  value,
  onChange,
  min,
  error,
  required = false,
  action,
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
  /**
   * A button at the end of the field (the rental calendar), in place of the browser's own
   * picker button, which is then hidden: the field stays for typing the moment.
   */
  action?: ReactNode;
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
          className={
            action
              ? `${inputClass} peer pr-12 pl-10 [&:not(:focus)]:text-transparent [&::-webkit-calendar-picker-indicator]:hidden`
              : `${inputClass} pl-10`
          }
        />
        {action && (
          // The moment in French over the field until it is focused for typing, whatever the
          // browser's language (the field itself is read out, with its French description).
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-12 left-10 flex items-center truncate text-base text-ink peer-focus:hidden"
          >
            {value ? (
              formatAdminDateTime(value)
            ) : (
              <span className="text-stone">Choisir une date</span>
            )}
          </span>
        )}
        {action}
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

import type { InputHTMLAttributes, ReactNode } from 'react';
import { hintClass, inputClass, labelClass } from '../ui/field';

/** What ties a control to its label and to its problem under it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The props of a field's control: its id, its hint as its description, and when the field has a
 * problem, `aria-invalid` and the problem ('' marks the field invalid when a toast says why).
 */
export function controlProps(id: string, error: string | undefined, hint = false): ControlProps {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    ...(error !== undefined ? { 'aria-invalid': true } : {}),
    ...(describedBy.length > 0 ? { 'aria-describedby': describedBy.join(' ') } : {}),
  };
}

/** A field's problem, under its control (the control names it as its description). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-xs font-semibold text-danger">
      {message}
    </p>
  );
}

/** Where a field stands and what it says besides its label. */
export interface FieldLayout {
  /** Draws a star after the label; the control says `required` itself. */
  required?: boolean | undefined;
  /** A line under the control, which the control takes as its description. */
  hint?: ReactNode;
  className?: string | undefined;
}

/**
 * A labelled control: the label (with a gold star, hidden from screen readers, for a field the
 * form requires), the control given its id, hint and error, then the hint and the error under it.
 */
export function FormField({
  id,
  label,
  error,
  required = false,
  hint,
  className,
  children,
}: FieldLayout & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && (
          <>
            {' '}
            <span aria-hidden="true" className="text-gold-deep">
              *
            </span>
          </>
        )}
      </label>
      {children(controlProps(id, error, Boolean(hint)))}
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled text input of the site's look, whose `onChange` gives the text typed. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  className,
  ...attributes
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The field's place in its form (the input keeps the site's look). */
  className?: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {(props) => (
        <input
          {...attributes}
          {...props}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

import { inputClass, labelClass } from './field';

/**
 * The 'Adresse e-mail' field of the sign-in, sign-up and look-up forms: the browser's e-mail
 * keyboard and autofill, and the field's error under it when there is one.
 */
export function EmailField({
  id,
  value,
  onChange,
  required = false,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Adresse e-mail
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

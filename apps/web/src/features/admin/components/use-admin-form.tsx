import { useState, type FormEvent, type ReactNode } from 'react';
import { labelClass } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { fieldErrors } from './money';
import { errorMessage, FieldError } from './states';

/** What core's schema says of the form's values: the input to save, or each field's problem. */
type Checked<Input> =
  | { success: true; data: Input }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

interface Saving {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/** The props a control gets from `field`: its id, and its error when it has one. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * The console's one form mechanism: the values as typed, checked by core's schema on submit
 * (each problem under its field), then saved; the server's refusal of a field shows under that
 * field too, and the outcome in a toast. `field` lays out a label, its control and its error.
 */
export function useAdminForm<Values extends object, Input>(options: {
  /** Prefix of the controls' ids (`vehicle` → `vehicle-name`). */
  idPrefix: string;
  initial: () => Values;
  check: (values: Values) => Checked<Input>;
  save: (input: Input, saving: Saving) => void;
  savedMessage: string;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = options.check(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    options.save(checked.data, {
      onSuccess: () => {
        notify.success('Succès', options.savedMessage);
        options.onSaved();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.field) {
          setErrors({ [error.field]: error.message });
        }
        notify.error('Erreur', errorMessage(error));
      },
    });
  };

  const field = (
    name: string,
    label: string,
    control: (props: ControlProps) => ReactNode,
    wide = false,
  ) => {
    const id = `${options.idPrefix}-${name}`;
    const error = errors[name];
    return (
      <div className={wide ? 'md:col-span-2' : undefined}>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {control({
          id,
          'aria-invalid': Boolean(error),
          ...(error ? { 'aria-describedby': `${id}-error` } : {}),
        })}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return { values, set, errors, submit, field };
}

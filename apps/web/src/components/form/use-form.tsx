import {
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { FormField, type ControlProps, type FieldLayout } from './form-field';
import { inputClass } from '../ui/field';

/** Each field's problem by the field's name; '' marks a field whose problem a toast tells. */
export type FieldErrors = Partial<Record<string, string>>;

/** A form's check of its values: the input to save, or what stops it (under fields, in a toast). */
export type Checked<Input> =
  | { ok: true; input: Input }
  | { ok: false; errors?: FieldErrors; toast?: readonly [title: string, message: string] };

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** A schema's verdict (zod's `safeParse`) as a check: each field's first problem under it. */
export function schemaCheck<Input>(
  result: { success: true; data: Input } | { success: false; error: { issues: readonly Issue[] } },
): Checked<Input> {
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues)
    errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}

type KeysOf<Values, Type> = {
  [K in keyof Values]: Values[K] extends Type ? K & string : never;
}[keyof Values];

/**
 * The site's one form mechanism (the console's forms and the account's): the values as typed,
 * checked on submit (each problem under its field, or in a toast), then saved, once at a time;
 * the server's refusal of a field shows under that field, a failure in a toast. `field` lays out
 * a label, its control and its error, `input` a text field; `bind` wires a control to its value.
 */
export function useForm<Values extends object, Input = Values, Result = unknown>(options: {
  /** Prefix of the controls' ids (`vehicle` → `vehicle-name`). */
  idPrefix: string;
  initial: Values | (() => Values);
  /** Without it, the values are the input. */
  check?: (values: Values) => Checked<Input>;
  /** The name the schema and the server give a field, where it is not the value's own. */
  paths?: Partial<Record<string, KeysOf<Values, unknown>>>;
  /** Saves the input; returns nothing when the caller follows the saving itself. */
  save: (input: Input) => Promise<Result> | void;
  onSaved?: (result: Result, input: Input) => void;
  /** The title of the toast when saving fails (its message is the error's), or the answer to it. */
  failed?: string | ((error: unknown) => void);
}) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const named = (fields: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(fields).map(([path, message]) => [options.paths?.[path] ?? path, message]),
    );

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  /**
   * A text control kept in step with its value: an input, a select, a textarea, or a field of
   * ours whose `onChange` gives the text itself (EmailField, PasswordField).
   */
  const bind = <K extends KeysOf<Values, string>>(key: K) => ({
    value: values[key] as string,
    // A select offers only the values its key's type allows.
    onChange: (
      change: string | ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
    ) => set(key, (typeof change === 'string' ? change : change.target.value) as Values[K]),
  });

  /** A checkbox kept in step with its value. */
  const bindChecked = <K extends KeysOf<Values, boolean>>(key: K) => ({
    type: 'checkbox' as const,
    checked: values[key] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.checked as Values[K]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked: Checked<Input> = options.check
      ? options.check(values)
      : { ok: true, input: values as unknown as Input };
    if (!checked.ok) {
      setErrors(named(checked.errors ?? {}));
      if (checked.toast) notify.error(...checked.toast);
      return;
    }
    setErrors({});
    const saving = options.save(checked.input);
    if (!saving) return;
    setBusy(true);
    saving
      .then(
        (result) => options.onSaved?.(result, checked.input),
        (error: unknown) => {
          if (error instanceof ApiRequestError && error.field) {
            setErrors(named({ [error.field]: error.message }));
          }
          const failed = options.failed ?? 'Erreur';
          if (typeof failed === 'function') failed(error);
          else notify.error(failed, errorMessage(error));
        },
      )
      .finally(() => setBusy(false));
  };

  const field = (
    name: KeysOf<Values, unknown>,
    label: ReactNode,
    control: (props: ControlProps) => ReactNode,
    layout: FieldLayout = {},
  ) => (
    <FormField
      {...layout}
      key={name}
      id={`${options.idPrefix}-${name}`}
      label={label}
      error={errors[name]}
    >
      {control}
    </FormField>
  );

  /** A text field of the site's look; `attributes` may add to or replace its class. */
  const input = (
    name: KeysOf<Values, string>,
    label: ReactNode,
    attributes: InputHTMLAttributes<HTMLInputElement> = {},
    layout: FieldLayout = {},
  ) =>
    field(
      name,
      label,
      (props) => <input className={inputClass} {...attributes} {...props} {...bind(name)} />,
      layout,
    );

  return { values, set, bind, bindChecked, errors, busy, submit, field, input };
}

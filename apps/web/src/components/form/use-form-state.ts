import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/** Each field's problem by the field's name; '' marks a field whose problem a toast tells. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * A form's check of its values: the input to save, or what stops it (under fields, in a toast,
 * or as the form's one problem above its button).
 */
export type Checked<Input> =
  | { ok: true; input: Input }
  | {
      ok: false;
      errors?: FieldErrors;
      toast?: readonly [title: string, message: string];
      problem?: string;
    };

export type KeysOf<Values, Type> = {
  [K in keyof Values]: Values[K] extends Type ? K & string : never;
}[keyof Values];

export interface FormOptions<Values, Input, Result> {
  initial: Values | (() => Values);
  /** Without it, the values are the input. */
  check?: (values: Values) => Checked<Input>;
  /** The name the schema and the server give a field, where it is not the value's own. */
  paths?: Partial<Record<string, KeysOf<Values, unknown>>>;
  /** Saves the input; returns nothing when the caller follows the saving itself. */
  save: (input: Input) => Promise<Result> | void;
  onSaved?: (result: Result, input: Input) => void;
  /**
   * When saving fails: the title of a toast (its message is the error's), the form's problem
   * above its button (the message `problem` gives), or the caller's own answer.
   */
  failed?: string | { problem: (error: unknown) => string } | ((error: unknown) => void);
}

/**
 * The site's one form mechanism, without its layout (the home page's booking module, in the
 * first load, needs no more): the values as typed, checked on submit (each problem under its
 * field, in a toast or as the form's problem), then saved, once at a time; the server's refusal
 * of a field shows under that field, a failure in a toast or as the form's problem. `bind` wires
 * a control to its value. `useForm` adds the labelled fields and the check after leaving a field.
 */
export function useFormState<Values extends object, Input = Values, Result = unknown>(
  options: FormOptions<Values, Input, Result>,
  /** Told of each value set, with the values it makes (useForm's check after leaving a field). */
  onSet?: (key: keyof Values, next: Values) => void,
) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const named = (fields: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(fields).map(([path, message]) => [options.paths?.[path] ?? path, message]),
    );
  /**
   * A value as chosen; `onSet` follows each one. The same value again changes nothing, so the
   * form does not render again (a page applying a saved draft as it starts sets each choice).
   */
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) =>
      Object.is(current[key], value) ? current : { ...current, [key]: value },
    );
    onSet?.(key, { ...values, [key]: value });
  };

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

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.field) {
      setErrors(named({ [error.field]: error.message }));
    }
    const failed = options.failed ?? 'Erreur';
    if (typeof failed === 'function') failed(error);
    else if (typeof failed === 'object') setProblem(failed.problem(error));
    else notify.error(failed, errorMessage(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const checked: Checked<Input> = options.check
      ? options.check(values)
      : { ok: true, input: values as unknown as Input };
    if (!checked.ok) {
      setErrors(named(checked.errors ?? {}));
      if (checked.toast) notify.error(...checked.toast);
      if (checked.problem) setProblem(checked.problem);
      return;
    }
    setErrors({});
    const saving = options.save(checked.input);
    if (!saving) return;
    setBusy(true);
    saving
      .then((result) => options.onSaved?.(result, checked.input), fail)
      .finally(() => setBusy(false));
  };

  return { values, set, bind, bindChecked, errors, setErrors, named, problem, busy, submit };
}

/** What `useFormState` gives a form, for the parts of a long form that take it as a prop. */
export type FormState<Values extends object> = ReturnType<typeof useFormState<Values>>;

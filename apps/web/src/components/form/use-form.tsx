import { useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass } from '../ui/field';
import { FormField, type ControlProps, type FieldLayout } from './form-field';
import { useFormState, type FormOptions, type KeysOf } from './use-form-state';

// The mechanism's types, for the forms that use the laid-out fields.
export { schemaCheck } from './schema-check';
export type { Checked, FieldErrors } from './use-form-state';

/**
 * The site's one form mechanism (`useFormState`: values, check, save) with its layout: `field`
 * lays out a label, its control and its error, `input` a text field. With `checkAfterLeaving`, a
 * field's problem is told once it was typed in and left (`touch`), and goes as soon as it is
 * mended, rather than only on submit: the check then runs on each change, so keep it pure.
 */
export function useForm<Values extends object, Input = Values, Result = unknown>(
  options: FormOptions<Values, Input, Result> & {
    /** Prefix of the controls' ids (`vehicle` → `vehicle-name`); '' gives the bare name. */
    idPrefix: string;
    checkAfterLeaving?: boolean;
  },
) {
  // The fields typed in since the form opened.
  const typed = useRef(new Set<string>());
  const problemOf = (values: Values, key: string) => {
    const verdict = options.check?.(values);
    return verdict && !verdict.ok ? form.named(verdict.errors ?? {})[key] : undefined;
  };
  const form = useFormState(options, (key, next) => {
    if (!options.checkAfterLeaving || typeof key !== 'string') return;
    typed.current.add(key);
    if (form.errors[key] !== undefined)
      form.setErrors((current) => ({ ...current, [key]: problemOf(next, key) }));
  });
  const { errors, bind } = form;

  /** The field was left: its problem, if it was typed in, is told now. */
  const touch = (key: KeysOf<Values, unknown>) => {
    if (options.checkAfterLeaving && typed.current.has(key))
      form.setErrors((current) => ({ ...current, [key]: problemOf(form.values, key) }));
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
      id={options.idPrefix ? `${options.idPrefix}-${name}` : name}
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

  return { ...form, touch, field, input };
}

import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputClass } from '../ui/field';
import { FormField, type ControlProps, type FieldLayout } from './form-field';
import { useFormState, type FormOptions, type KeysOf } from './use-form-state';

// The mechanism's types, for the forms that use the laid-out fields.
export { schemaCheck, type Checked, type FieldErrors } from './use-form-state';

/**
 * The site's one form mechanism (`useFormState`: values, check, save) with its layout: `field`
 * lays out a label, its control and its error, `input` a text field.
 */
export function useForm<Values extends object, Input = Values, Result = unknown>(
  options: FormOptions<Values, Input, Result> & {
    /** Prefix of the controls' ids (`vehicle` → `vehicle-name`); '' gives the bare name. */
    idPrefix: string;
  },
) {
  const form = useFormState(options);
  const { errors, bind } = form;
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

  return { ...form, field, input };
}

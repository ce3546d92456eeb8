import type { InputHTMLAttributes } from 'react';
import { inputClass } from '../../../components/ui/field';

/**
 * An amount typed the French way (955,59), whatever the browser's language: a text field with a
 * decimal keyboard, read by `eurosToCents`.
 */
export function DecimalInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'className'>,
) {
  return (
    <input {...props} type="text" inputMode="decimal" autoComplete="off" className={inputClass} />
  );
}

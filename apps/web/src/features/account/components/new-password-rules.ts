import type { Checked } from '../../../components/form/use-form';

/** The sign-up rules, with their messages, for any new password (sign-up, reset, change). */
export const MIN_PASSWORD = 6;
export const PASSWORD_HINT = 'Au moins 6 caractères.';

export function checkNewPassword<Input>(
  password: string,
  confirmation: string,
  refused: string,
  input: Input,
): Checked<Input> {
  if (password !== confirmation) {
    return { ok: false, toast: [refused, 'Les mots de passe ne correspondent pas'] };
  }
  if (password.length < MIN_PASSWORD) {
    return { ok: false, toast: [refused, 'Le mot de passe doit contenir au moins 6 caractères'] };
  }
  return { ok: true, input };
}

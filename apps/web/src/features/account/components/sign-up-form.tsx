import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/email-field';
import { signUpWithEmail } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { checkNewPassword, PASSWORD_HINT } from './new-password-rules';
import { PasswordField } from './password-field';

const REFUSED = "Erreur d'inscription";

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { values, bind, busy, submit } = useForm({
    idPrefix: 'signup',
    initial: { email: '', password: '', confirmation: '' },
    check: ({ email, password, confirmation }) =>
      checkNewPassword(password, confirmation, REFUSED, { email: email.trim(), password }),
    save: ({ email, password }) => signUpWithEmail(email, password),
    onSaved: (_, { email }) => {
      notify.info(
        'Vérification requise',
        'Un email de vérification personnalisé a été envoyé. Vérifiez votre boîte mail.',
      );
      onSignedUp(email);
    },
    failed: REFUSED,
  });

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Inscription">
      <EmailField id="signup-email" {...bind('email')} required />
      <PasswordField
        id="signup-password"
        {...bind('password')}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id="signup-confirmation"
        label="Confirmez le mot de passe"
        {...bind('confirmation')}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !values.email}>
        {busy ? 'Création du compte…' : 'Créer mon compte'}
      </Button>
    </form>
  );
}

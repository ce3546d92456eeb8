import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/email-field';
import { AuthError, resendEmailCode, signInWithEmail } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { PasswordField } from './password-field';

export function SignInForm({
  onSignedIn,
  onNeedsVerification,
  onForgotPassword,
  onSecondFactor,
}: {
  onSignedIn: () => void;
  onNeedsVerification: (email: string) => void;
  onForgotPassword: () => void;
  /** The password was right; the account's second factor comes next. */
  onSecondFactor: () => void;
}) {
  const { values, bind, busy, submit } = useForm({
    idPrefix: 'signin',
    initial: { email: '', password: '' },
    save: async ({ email, password }) => {
      try {
        const answer = await signInWithEmail(email.trim(), password);
        return answer.twoFactorRedirect ? 'second-factor' : 'signed-in';
      } catch (error) {
        // A normal step, not a failure: the code view opens with a fresh code on its way.
        if (error instanceof AuthError && error.code === 'EMAIL_NOT_VERIFIED') {
          await resendEmailCode(email.trim()).catch(() => undefined);
          return 'unverified';
        }
        throw error;
      }
    },
    onSaved: (outcome, { email }) => {
      if (outcome === 'second-factor') {
        onSecondFactor();
        return;
      }
      if (outcome === 'signed-in') {
        notify.success('Connexion réussie', 'Bienvenue\u00a0!');
        onSignedIn();
        return;
      }
      notify.info(
        'Vérification requise',
        'Votre adresse e-mail n’est pas encore vérifiée\u00a0: un nouveau code vient de vous être envoyé.',
      );
      onNeedsVerification(email.trim());
    },
    failed: 'Erreur de connexion',
  });

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Connexion">
      <EmailField id="signin-email" {...bind('email')} required />
      <div>
        <PasswordField id="signin-password" {...bind('password')} autoComplete="current-password" />
        <div className="mt-2 text-right">
          <button
            type="button"
            onClick={onForgotPassword}
            className="text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
          >
            {'Mot de passe oublié\u00a0?'}
          </button>
        </div>
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={busy || !values.email || !values.password}
      >
        {busy ? 'Connexion…' : 'Se connecter'}
      </Button>
    </form>
  );
}

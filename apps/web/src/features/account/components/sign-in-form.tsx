import { errorMessage } from '../../../lib/api-client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { AuthError, resendEmailCode, signInWithEmail } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { PasswordField } from './password-field';
import { EmailField } from '../../../components/ui/email-field';

export function SignInForm({
  onSignedIn,
  onNeedsVerification,
}: {
  onSignedIn: () => void;
  onNeedsVerification: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await signInWithEmail(email.trim(), password);
      notify.success('Connexion réussie', 'Bienvenue\u00a0!');
      onSignedIn();
    } catch (error) {
      // A normal step, not a failure: the code view opens with a fresh code on its way.
      if (error instanceof AuthError && error.code === 'EMAIL_NOT_VERIFIED') {
        await resendEmailCode(email.trim()).catch(() => undefined);
        notify.info(
          'Vérification requise',
          'Votre adresse e-mail n’est pas encore vérifiée\u00a0: un nouveau code vient de vous être envoyé.',
        );
        onNeedsVerification(email.trim());
        return;
      }
      notify.error('Erreur de connexion', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" aria-label="Connexion">
      <EmailField id="signin-email" value={email} onChange={setEmail} required />
      <PasswordField
        id="signin-password"
        label="Mot de passe"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !email || !password}>
        {busy ? 'Connexion…' : 'Se connecter'}
      </Button>
    </form>
  );
}

import { errorMessage } from '../../../lib/api-client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { hintClass } from '../../../components/ui/field';
import { signUpWithEmail } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { PasswordField } from './password-field';
import { EmailField } from '../../../components/ui/email-field';

const MIN_PASSWORD = 6;

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      notify.error("Erreur d'inscription", 'Les mots de passe ne correspondent pas');
      return;
    }
    if (password.length < MIN_PASSWORD) {
      notify.error("Erreur d'inscription", 'Le mot de passe doit contenir au moins 6 caractères');
      return;
    }
    setBusy(true);
    try {
      await signUpWithEmail(email.trim(), password);
      notify.info(
        'Vérification requise',
        'Un email de vérification personnalisé a été envoyé. Vérifiez votre boîte mail.',
      );
      onSignedUp(email.trim());
    } catch (error) {
      notify.error("Erreur d'inscription", errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" aria-label="Inscription">
      <EmailField id="signup-email" value={email} onChange={setEmail} required />
      <div>
        <PasswordField
          id="signup-password"
          label="Mot de passe"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <p className={hintClass}>Au moins 6 caractères.</p>
      </div>
      <PasswordField
        id="signup-confirmation"
        label="Confirmez le mot de passe"
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !email}>
        {busy ? 'Création du compte…' : 'Créer mon compte'}
      </Button>
    </form>
  );
}

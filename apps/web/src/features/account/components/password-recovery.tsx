import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/email-field';
import { requestPasswordReset, resetPassword } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { checkNewPassword, PASSWORD_HINT } from './new-password-rules';
import { PasswordField } from './password-field';

/** The one answer, whether the address has an account or not. */
export const RESET_SENT =
  'Si un compte existe pour cette adresse, un lien pour choisir un nouveau mot de passe vient de lui être envoyé. Il est valable 30\u00a0minutes.';

function Heading({ icon, title, text }: { icon: 'mail' | 'key'; title: string; text: string }) {
  const Icon = icon === 'mail' ? MailCheck : KeyRound;
  return (
    <div className="flex items-start gap-4">
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-deep">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div>
        <h2 id="recovery-title" className="font-display text-3xl text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-graphite">{text}</p>
      </div>
    </div>
  );
}

/** « Mot de passe oublié ? »: the address, then the same sentence whatever the answer. */
export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const { values, bind, busy, submit } = useForm({
    idPrefix: 'forgot',
    initial: { email: '' },
    save: ({ email }) => requestPasswordReset(email.trim()),
    onSaved: () => setSent(true),
    failed: 'Demande impossible',
  });
  return (
    <div className="space-y-6">
      <Heading
        icon="mail"
        title="Mot de passe oublié"
        text={
          'Indiquez l’adresse e-mail de votre compte\u00a0: nous vous envoyons un lien pour choisir un nouveau mot de passe.'
        }
      />
      {sent ? (
        <p role="status" className="rounded-2xl bg-ivory p-5 text-sm text-ink ring-1 ring-mist">
          {RESET_SENT}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-5" aria-labelledby="recovery-title">
          <EmailField id="forgot-email" {...bind('email')} required />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !values.email}>
            {busy ? 'Envoi…' : 'Recevoir le lien'}
          </Button>
        </form>
      )}
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Retour à la connexion
      </Button>
    </div>
  );
}

/** The page the mailed link opens: the new password, twice, under the sign-up rules. */
export function NewPasswordView({ token, onDone }: { token: string; onDone: () => void }) {
  const refused = 'Réinitialisation impossible';
  const { bind, busy, submit } = useForm({
    idPrefix: 'reset',
    initial: { password: '', confirmation: '' },
    check: ({ password, confirmation }) =>
      checkNewPassword(password, confirmation, refused, { password }),
    save: ({ password }) => resetPassword(token, password),
    onSaved: () => {
      notify.success(
        'Mot de passe modifié',
        'Connectez-vous avec votre nouveau mot de passe. Vos autres appareils ont été déconnectés.',
      );
      onDone();
    },
    failed: refused,
  });
  return (
    <form onSubmit={submit} className="space-y-6" aria-labelledby="recovery-title">
      <Heading
        icon="key"
        title="Nouveau mot de passe"
        text="Choisissez le mot de passe de votre compte. Vos appareils connectés seront déconnectés."
      />
      <PasswordField
        id="reset-password"
        label="Nouveau mot de passe"
        {...bind('password')}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id="reset-confirmation"
        label="Confirmez le mot de passe"
        {...bind('confirmation')}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
      </Button>
    </form>
  );
}

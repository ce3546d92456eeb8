import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { labelClass } from '../../../components/ui/field';
import { resendEmailCode, verifyEmailCode } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { OneTimeCodeInput } from './one-time-code-input';

/** The 6-digit code mailed at sign-up: exactly 6 characters enable 'Vérifier'. */
export function VerificationView({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: () => void;
  onBack: () => void;
}) {
  const form = useFormState({
    initial: { code: '' },
    save: ({ code }) => verifyEmailCode(email, code),
    onSaved: () => {
      notify.success(
        'Email vérifié',
        'Votre compte est maintenant actif\u00a0! Consultez vos emails pour les prochaines étapes.',
      );
      onVerified();
    },
    // Whatever the server says, the person is told the one thing they can act on.
    failed: () => notify.error('Erreur de vérification', 'Code invalide ou expiré'),
  });
  const { code } = form.values;
  const [resending, setResending] = useState(false);

  const resend = async () => {
    setResending(true);
    try {
      await resendEmailCode(email);
      notify.success('Code renvoyé', 'Un nouveau code a été envoyé à votre email');
    } catch {
      notify.error('Impossible de renvoyer le code');
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={form.submit} className="space-y-6" aria-labelledby="verification-title">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-deep">
          <MailCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id="verification-title" className="font-display text-3xl text-ink">
            Vérifiez votre e-mail
          </h2>
          <p className="mt-1 text-sm text-graphite">
            Saisissez le code à 6 chiffres envoyé à <strong>{email}</strong>.
          </p>
        </div>
      </div>
      <div>
        <label htmlFor="verification-code" className={labelClass}>
          Code de vérification
        </label>
        <OneTimeCodeInput id="verification-code" {...form.bind('code')} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={form.busy || code.length !== 6}>
        {form.busy ? 'Vérification…' : 'Vérifier'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour
        </Button>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          className="font-semibold text-gold-deep underline-offset-4 hover:underline disabled:opacity-60"
        >
          Renvoyer le code
        </button>
      </div>
    </form>
  );
}

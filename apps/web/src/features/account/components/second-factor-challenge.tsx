import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { FormProblem } from '../../../components/ui/form-problem';
import { AuthError } from '../../../lib/auth/auth-client';
import {
  signInWithPasskey,
  verifyBackupCode,
  verifyTotp,
} from '../../../lib/auth/second-factor-client';
import { OneTimeCodeInput } from './one-time-code-input';

/** A failed step in French: the server's message, or what the browser's passkey prompt said. */
export function factorProblem(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'La clé d’accès n’a pas été utilisée (demande annulée ou expirée).';
  }
  if (error instanceof Error && error.message === 'unsupported') {
    return 'Ce navigateur ne permet pas les clés d’accès.';
  }
  return 'Une erreur est survenue. Veuillez réessayer.';
}

/**
 * The second step of signing in: the authenticator app's code, a single-use backup code, or a
 * passkey. The same view lets a session opened with the password alone pass the factor.
 */
export function SecondFactorChallenge({
  totp,
  passkey,
  onPassed,
  onBack,
}: {
  totp: boolean;
  passkey: boolean;
  onPassed: () => void;
  onBack?: () => void;
}) {
  // One problem line for both ways of passing: the code's form and the passkey's button.
  const [problem, setProblem] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const form = useFormState({
    initial: { backup: false, code: '' },
    save: ({ backup, code }) => (backup ? verifyBackupCode(code.trim()) : verifyTotp(code)),
    onSaved: onPassed,
    failed: (error) => setProblem(factorProblem(error)),
  });
  const { backup, code } = form.values;
  const busy = form.busy || passkeyBusy;

  const submit = (event: FormEvent) => {
    setProblem(null);
    form.submit(event);
  };
  const passWithPasskey = async () => {
    setPasskeyBusy(true);
    setProblem(null);
    try {
      await signInWithPasskey();
      onPassed();
    } catch (error) {
      setProblem(factorProblem(error));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const ready = backup ? code.trim().length >= 10 : code.length === 6;
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-deep">
          <ShieldCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id="challenge-title" className="font-display text-3xl text-ink">
            Second facteur
          </h2>
          <p className="mt-1 text-sm text-graphite">
            {totp
              ? 'Confirmez qu’il s’agit bien de vous avec votre application d’authentification.'
              : 'Confirmez qu’il s’agit bien de vous avec votre clé d’accès.'}
          </p>
        </div>
      </div>
      {totp && (
        <form onSubmit={submit} className="space-y-4" aria-labelledby="challenge-title">
          <div>
            <label htmlFor="challenge-code" className={labelClass}>
              {backup ? 'Code de secours' : 'Code de l’application (6 chiffres)'}
            </label>
            {backup ? (
              <input
                id="challenge-code"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                {...form.bind('code')}
                className={`${inputClass} font-mono tracking-widest`}
              />
            ) : (
              <OneTimeCodeInput id="challenge-code" {...form.bind('code')} />
            )}
          </div>
          <FormProblem message={problem} />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !ready}>
            {busy ? 'Vérification…' : 'Valider'}
          </Button>
          <button
            type="button"
            onClick={() => {
              form.set('backup', !backup);
              form.set('code', '');
              setProblem(null);
            }}
            className="block w-full text-center text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
          >
            {backup ? 'Utiliser le code de l’application' : 'Utiliser un code de secours'}
          </button>
        </form>
      )}
      {passkey && (
        <div className="space-y-3">
          {!totp && <FormProblem message={problem} />}
          <Button
            variant={totp ? 'outline' : 'primary'}
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={() => void passWithPasskey()}
          >
            <KeyRound className="h-5 w-5" aria-hidden="true" />
            Utiliser une clé d’accès
          </Button>
        </div>
      )}
      {onBack && (
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour
        </Button>
      )}
    </div>
  );
}

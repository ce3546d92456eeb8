import { KeyRound, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { hintClass, labelClass } from '../../../components/ui/field';
import { FormProblem } from '../../../components/ui/form-problem';
import {
  passkeysUnsupported,
  registerPasskey,
  startTotpEnrolment,
  totpSecretOf,
  verifyTotp,
} from '../../../lib/auth/second-factor-client';
import { PasswordField } from './password-field';
import { factorProblem } from './second-factor-challenge';
import { OneTimeCodeInput } from './one-time-code-input';

type Step =
  | { kind: 'choose' }
  | { kind: 'password' }
  | { kind: 'scan'; uri: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

/**
 * Adding a factor: an authenticator app (the password, then the secret to add and a first code,
 * then the backup codes to keep) or a passkey of this device.
 */
export function SecondFactorEnrolment({
  totp,
  onDone,
}: {
  /** The account already has an authenticator app: only a passkey can be added. */
  totp: boolean;
  onDone: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // The passkey's registration, from the choice: not a form, its own flag and problem.
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(factorProblem(error));
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'password') {
    return (
      <PasswordStep
        onStarted={(uri, backupCodes) => setStep({ kind: 'scan', uri, backupCodes })}
        onCancel={() => setStep({ kind: 'choose' })}
      />
    );
  }

  if (step.kind === 'scan') {
    return (
      <CodeStep
        uri={step.uri}
        onActivated={() => setStep({ kind: 'codes', backupCodes: step.backupCodes })}
      />
    );
  }

  if (step.kind === 'codes') return <BackupCodes codes={step.backupCodes} onDone={onDone} />;

  const unsupported = passkeysUnsupported();
  return (
    <div className="space-y-4">
      {!totp && (
        <button
          type="button"
          onClick={() => setStep({ kind: 'password' })}
          className="flex w-full items-start gap-4 rounded-2xl bg-paper p-5 text-left ring-1 ring-mist transition hover:ring-gold"
        >
          <Smartphone className="mt-0.5 h-6 w-6 shrink-0 text-gold-deep" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-ink">Application d’authentification</span>
            <span className="mt-1 block text-sm text-graphite">
              Un code à 6 chiffres qui change toutes les 30 secondes, avec des codes de secours.
            </span>
          </span>
        </button>
      )}
      <button
        type="button"
        disabled={busy || unsupported}
        onClick={() =>
          void run(async () => {
            await registerPasskey('Clé d’accès');
            onDone();
          })
        }
        className="flex w-full items-start gap-4 rounded-2xl bg-paper p-5 text-left ring-1 ring-mist transition hover:ring-gold disabled:opacity-60"
      >
        <KeyRound className="mt-0.5 h-6 w-6 shrink-0 text-gold-deep" aria-hidden="true" />
        <span>
          <span className="block font-semibold text-ink">Clé d’accès</span>
          <span className="mt-1 block text-sm text-graphite">
            L’empreinte, le visage ou le code de cet appareil, ou une clé de sécurité.
          </span>
          {unsupported && (
            <span className={`block ${hintClass}`}>
              Ce navigateur ne permet pas les clés d’accès.
            </span>
          )}
        </span>
      </button>
      <FormProblem message={problem} />
    </div>
  );
}

/** The current password, which starts the app's enrolment (its secret and backup codes). */
function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (uri: string, backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useFormState({
    initial: { password: '' },
    save: ({ password }) => startTotpEnrolment(password),
    onSaved: ({ totpURI, backupCodes }) => onStarted(totpURI, backupCodes),
    failed: { problem: factorProblem },
  });
  return (
    <form onSubmit={form.submit} className="space-y-5" aria-label="Application d’authentification">
      <h3 className="font-display text-2xl text-ink">Application d’authentification</h3>
      <PasswordField
        id="enrol-password"
        label="Mot de passe actuel"
        {...form.bind('password')}
        autoComplete="current-password"
      />
      <FormProblem message={form.problem} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={form.busy || !form.values.password}>
          {form.busy ? 'Vérification…' : 'Continuer'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}

/** The secret to add to the app, then its first code, which turns the factor on. */
function CodeStep({ uri, onActivated }: { uri: string; onActivated: () => void }) {
  const form = useFormState({
    initial: { code: '' },
    save: ({ code }) => verifyTotp(code),
    onSaved: onActivated,
    failed: { problem: factorProblem },
  });
  return (
    <form onSubmit={form.submit} className="space-y-5" aria-label="Application d’authentification">
      <h3 className="font-display text-2xl text-ink">Application d’authentification</h3>
      <AuthenticatorKey uri={uri} />
      <div>
        <label htmlFor="enrol-code" className={labelClass}>
          Code affiché par l’application
        </label>
        <OneTimeCodeInput id="enrol-code" {...form.bind('code')} />
      </div>
      <FormProblem message={form.problem} />
      <Button type="submit" disabled={form.busy || form.values.code.length !== 6}>
        {form.busy ? 'Vérification…' : 'Activer'}
      </Button>
    </form>
  );
}

/** The secret to add to the authenticator app: typed, or opened in the app from its link. */
function AuthenticatorKey({ uri }: { uri: string }) {
  return (
    <>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-graphite">
        <li>
          Ajoutez un compte dans votre application (Google Authenticator, Microsoft Authenticator,
          1Password…) avec cette clé, ou{' '}
          <a href={uri} className="font-semibold text-gold-deep underline">
            ouvrez-la dans l’application
          </a>
          .
        </li>
        <li>Saisissez le code à 6 chiffres qu’elle affiche.</li>
      </ol>
      <div>
        <label htmlFor="enrol-secret" className={labelClass}>
          Clé à saisir dans l’application
        </label>
        <textarea
          id="enrol-secret"
          readOnly
          rows={3}
          value={totpSecretOf(uri)}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none rounded-xl border border-mist bg-ivory px-4 py-3 font-mono text-base tracking-wider text-ink focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none"
        />
      </div>
    </>
  );
}

/** The backup codes, shown once: each signs in once without the phone. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-5">
      <h3 className="font-display text-2xl text-ink">Vos codes de secours</h3>
      <p className="text-sm text-graphite">
        Sans votre téléphone, chacun de ces codes vous connecte une seule fois. Notez-les et
        gardez-les en lieu sûr&#8239;: ils ne seront plus affichés.
      </p>
      <ul
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-xl bg-ivory p-4 font-mono text-base text-ink ring-1 ring-mist"
      >
        {codes.map((backupCode) => (
          <li key={backupCode}>{backupCode}</li>
        ))}
      </ul>
      <Button onClick={onDone}>J’ai noté mes codes</Button>
    </div>
  );
}

import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormProblem } from '../../../components/ui/form-problem';
import { passkeysUnsupported, signInWithPasskey } from '../../../lib/auth/second-factor-client';
import { notify } from '../../../lib/toast';
import { factorProblem } from './second-factor-challenge';

/** Signing in with a passkey of this device alone: it is both the account and its factor. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (passkeysUnsupported()) throw new Error('unsupported');
      await signInWithPasskey();
      notify.success('Connexion réussie', 'Bienvenue\u00a0!');
      onSignedIn();
    } catch (error) {
      setProblem(factorProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={busy}
        onClick={() => void signIn()}
      >
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        Se connecter avec une clé d’accès
      </Button>
      <FormProblem message={problem} />
    </div>
  );
}

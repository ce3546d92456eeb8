import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Tabs, tabPanelProps } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth/auth-context';
import { takeReturnPath } from '../../lib/auth/return-path';
import { site } from '../../lib/site';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { fetchSecondFactor, secondFactorPath } from '../../lib/auth/second-factor-client';
import { requestWelcomeEmail } from './api/welcome-email';
import { ForgotPasswordView, NewPasswordView } from './components/password-recovery';
import { PasskeySignIn } from './components/passkey-sign-in';
import { SecondFactorChallenge } from './components/second-factor-challenge';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';
import { SocialButtons } from './components/social-buttons';
import { VerificationView } from './components/verification-view';

type Tab = 'connexion' | 'inscription';
const TABS = [
  { value: 'connexion', label: 'Connexion' },
  { value: 'inscription', label: 'Inscription' },
] as const;

function socialErrorMessage(code: string): string {
  if (code === 'access_denied' || code === 'user_cancelled_authorize') {
    return 'Connexion annulée.';
  }
  if (code === 'email_not_found') {
    return 'Votre adresse e-mail n’a pas été communiquée ou vérifiée par ce service.';
  }
  if (code === 'account_not_linked') {
    return 'Un compte existe déjà avec cette adresse e-mail\u00a0: connectez-vous avec votre mot de passe.';
  }
  if (code === 'state_mismatch') return 'La demande de connexion a expiré. Veuillez réessayer.';
  return code.replaceAll('_', ' ');
}

/** /auth ('Mon Compte'): sign-in and sign-up tabs, social sign-in, then the e-mail code. */
export function AuthPage() {
  usePageMeta('Mon Compte', `Connectez-vous ou créez votre compte ${site.brandName}.`);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading, refresh } = useAuth();
  const tab: Tab = searchParams.get('tab') === 'inscription' ? 'inscription' : 'connexion';
  const [verifying, setVerifying] = useState<string | null>(null);
  const [forgotten, setForgotten] = useState(false);
  // The mailed reset link opens /auth?reinitialisation=<token>.
  const resetToken = searchParams.get('reinitialisation');
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [challenge, setChallenge] = useState(false);

  // The signed-in event leads to /profil (or back to the page that asked for sign-in); staff
  // without a second factor enrol one first (or pass a passkey they have).
  const goOn = async () => {
    setJustSignedIn(true);
    await refresh();
    const next = takeReturnPath('/profil');
    const factor = await fetchSecondFactor().catch(() => null);
    const pending = factor?.required && !factor.verified;
    void navigate(pending ? secondFactorPath(next) : next, { replace: true });
  };

  // A social sign-in that failed comes back here with ?error=…, shown as 'Erreur de connexion'.
  useEffect(() => {
    const error = searchParams.get('error');
    if (!error) return;
    notify.error('Erreur de connexion', socialErrorMessage(error));
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  if (!loading && user && !justSignedIn && !resetToken) return <Navigate to="/profil" replace />;

  const panel = resetToken ? (
    <NewPasswordView
      token={resetToken}
      onDone={() => {
        // Every session ended with the reset, this browser's too.
        void refresh();
        setSearchParams({}, { replace: true, preventScrollReset: true });
      }}
    />
  ) : forgotten ? (
    <ForgotPasswordView onBack={() => setForgotten(false)} />
  ) : challenge ? (
    <SecondFactorChallenge
      totp
      passkey
      onPassed={() => {
        notify.success('Connexion réussie', 'Bienvenue\u00a0!');
        void goOn();
      }}
      onBack={() => setChallenge(false)}
    />
  ) : null;

  return (
    <section className="bg-ivory py-12 md:py-20">
      <div className="container-page max-w-xl">
        <p className="eyebrow text-center">{site.brandName}</p>
        <h1 className="mt-3 text-center font-display text-5xl text-ink">Mon Compte</h1>
        <div className="mt-10 rounded-3xl bg-paper p-6 shadow-xl shadow-ink/5 ring-1 ring-mist md:p-10">
          {panel ??
            (verifying ? (
              <VerificationView
                email={verifying}
                onBack={() => setVerifying(null)}
                onVerified={() => {
                  requestWelcomeEmail();
                  void goOn();
                }}
              />
            ) : (
              <>
                <SocialButtons />
                <div className="my-7 flex items-center gap-4 text-xs tracking-widest text-stone uppercase">
                  <span className="h-px flex-1 bg-mist" />
                  ou par e-mail
                  <span className="h-px flex-1 bg-mist" />
                </div>
                <div className="flex justify-center">
                  <Tabs
                    items={TABS}
                    value={tab}
                    idPrefix="auth"
                    label="Connexion ou inscription"
                    onChange={(next) =>
                      setSearchParams(next === 'inscription' ? { tab: next } : {}, {
                        replace: true,
                        preventScrollReset: true,
                      })
                    }
                  />
                </div>
                <div {...tabPanelProps('auth', tab)} className="mt-8 outline-none">
                  {tab === 'connexion' ? (
                    <>
                      <SignInForm
                        onSignedIn={() => void goOn()}
                        onNeedsVerification={setVerifying}
                        onForgotPassword={() => setForgotten(true)}
                        onSecondFactor={() => setChallenge(true)}
                      />
                      <PasskeySignIn onSignedIn={() => void goOn()} />
                    </>
                  ) : (
                    <SignUpForm onSignedUp={setVerifying} />
                  )}
                </div>
              </>
            ))}
        </div>
        {!panel && (
          <p className="mt-6 text-center text-xs text-stone">
            En créant un compte, vous acceptez nos{' '}
            <a href="/conditions" className="underline">
              conditions générales
            </a>{' '}
            et notre{' '}
            <a href="/politique-confidentialite" className="underline">
              politique de confidentialité
            </a>
            .
          </p>
        )}
      </div>
    </section>
  );
}

export { AuthPage as Component };

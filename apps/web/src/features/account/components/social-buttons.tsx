import { errorMessage } from '../../../lib/api-client';
import { useState, type ReactNode } from 'react';
import type { SocialProvider } from '@vroum/core/social-sign-in';
import { AuthError, startSocialSignIn } from '../../../lib/auth/auth-client';
import { notify } from '../../../lib/toast';
import { useSocialProviders } from '../api/social-providers';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

const unavailable = (provider: SocialProvider) =>
  notify.error(
    'Erreur de connexion',
    `La connexion avec ${PROVIDER_NAMES[provider]} n’est pas disponible pour le moment.`,
  );

/** Each provider's logo, in its own colours. */
const LOGOS: Record<SocialProvider, ReactNode> = {
  google: (
    <>
      <path
        fill="#4285F4"
        d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </>
  ),
  apple: (
    <path
      fill="currentColor"
      d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9a4.9 4.9 0 0 0-4.1 2.5c-1.8 3-.5 7.5 1.2 10 .8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.4-4.1zM14 5.2A4.4 4.4 0 0 0 15 2a4.5 4.5 0 0 0-3 1.5 4.2 4.2 0 0 0-1 3.1c1.1.1 2.2-.6 3-1.4z"
    />
  ),
};

const buttonClass =
  'flex h-12 w-full items-center justify-center gap-3 rounded-full border border-mist bg-paper text-sm font-semibold text-ink transition-colors hover:border-ink/40 disabled:opacity-60';

/**
 * Sign-in with Google or Apple (OpenID Connect); both lead to /profil once signed in. Both
 * buttons always show; one whose provider is not configured answers with a toast.
 */
export function SocialButtons() {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const { data: available } = useSocialProviders();
  const start = (provider: SocialProvider) => {
    if (available && !available.providers.includes(provider)) {
      unavailable(provider);
      return;
    }
    setPending(provider);
    startSocialSignIn(provider, '/profil').catch((error: unknown) => {
      setPending(null);
      if (error instanceof AuthError && error.code === 'PROVIDER_NOT_FOUND') unavailable(provider);
      else notify.error('Erreur de connexion', errorMessage(error));
    });
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['google', 'apple'] as const).map((provider) => (
        <button
          key={provider}
          type="button"
          className={buttonClass}
          disabled={pending !== null}
          onClick={() => start(provider)}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            {LOGOS[provider]}
          </svg>
          Continuer avec {PROVIDER_NAMES[provider]}
        </button>
      ))}
    </div>
  );
}

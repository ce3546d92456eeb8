import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { useAuth } from '../../lib/auth/auth-context';
import { fetchSecondFactor } from '../../lib/auth/second-factor-client';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { SecondFactorChallenge } from './components/second-factor-challenge';
import { SecondFactorEnrolment } from './components/second-factor-enrolment';

/** Where to go once the factor is passed: a path of this site from ?suite=, else the profile. */
function nextPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/profil';
}

/**
 * /securite/second-facteur: staff without a factor enrol one here before their pages open;
 * a session opened with the password alone passes it here; and anyone adds or reviews theirs
 * (linked from the profile's Informations tab).
 */
export function SecondFactorPage() {
  usePageMeta('Second facteur');
  const { user, loading, signedOut, refresh } = useAuth();
  const [searchParams] = useSearchParams();
  const next = nextPath(searchParams.get('suite'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const status = useQuery({
    queryKey: ['second-factor', user?.id],
    queryFn: fetchSecondFactor,
    enabled: Boolean(user),
  });

  if (!loading && !user) return <Navigate to={signedOut ? '/' : '/auth'} replace />;

  const passed = async (message: string) => {
    notify.success(message);
    await refresh();
    await queryClient.invalidateQueries();
    setAdding(false);
    if (status.data?.required || searchParams.has('suite')) void navigate(next, { replace: true });
  };

  const factor = status.data;
  const enrolled = factor ? factor.totp || factor.passkeys > 0 : false;
  let body;
  if (!factor) {
    body = (
      <p role="status" className="text-sm text-stone">
        Chargement…
      </p>
    );
  } else if (!factor.verified && enrolled) {
    body = (
      <SecondFactorChallenge
        totp={factor.totp}
        passkey={factor.passkeys > 0}
        onPassed={() => void passed('Second facteur validé')}
      />
    );
  } else if (!enrolled || adding) {
    body = (
      <div className="space-y-5">
        <h2 className="font-display text-3xl text-ink">
          {enrolled ? 'Ajouter un facteur' : 'Choisissez votre second facteur'}
        </h2>
        <p className="text-sm text-graphite">
          {factor.required
            ? 'L’espace équipe donne accès aux pièces d’identité et aux cautions\u00a0: il demande, en plus du mot de passe, un second facteur.'
            : 'En plus du mot de passe, un second facteur protège votre compte si celui-ci venait à être découvert.'}
        </p>
        <SecondFactorEnrolment
          totp={factor.totp}
          onDone={() => void passed('Second facteur activé')}
        />
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        <h2 className="font-display text-3xl text-ink">Votre second facteur</h2>
        <ul className="space-y-2 text-sm text-graphite">
          <li className="flex items-center gap-2">
            <CheckCircle2 className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            Application d’authentification&#8239;: {factor.totp ? 'activée' : 'non activée'}
          </li>
          <li className="flex items-center gap-2">
            <CheckCircle2 className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            Clés d’accès&#8239;: {factor.passkeys}
          </li>
        </ul>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="font-semibold text-gold-deep underline-offset-4 hover:underline"
          >
            Ajouter un facteur
          </button>
        </div>
        {searchParams.has('suite') && (
          <ButtonLink to={next} variant="primary">
            Continuer
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <section className="bg-ivory py-12 md:py-20">
      <div className="container-page max-w-xl">
        <p className="eyebrow text-center">Mon Compte</p>
        <h1 className="mt-3 text-center font-display text-5xl text-ink">Connexion et sécurité</h1>
        <div className="mt-10 rounded-3xl bg-paper p-6 shadow-xl shadow-ink/5 ring-1 ring-mist md:p-10">
          {body}
        </div>
      </div>
    </section>
  );
}

export { SecondFactorPage as Component };

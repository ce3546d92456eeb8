import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { needsSecondFactor, secondFactorPath } from '../../lib/auth/second-factor-client';
import { Link } from '../../lib/navigation';

/**
 * The team's pages need a signed-in member of the team past the second factor; the server
 * decides and answers 403 to anyone else, shown here in words.
 */
export function StaffPage({
  title,
  error,
  children,
}: {
  title: string;
  error: unknown;
  children: ReactNode;
}) {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (!loading && !user) return <Navigate to={signedOut ? '/' : '/auth'} replace />;
  // An agent whose session has not passed the second factor enrols or gives it, then comes back.
  if (needsSecondFactor(error)) {
    return <Navigate to={secondFactorPath(location.pathname + location.search)} replace />;
  }
  const forbidden = error instanceof ApiRequestError && error.status === 403;
  return (
    <section className="bg-ivory py-8 md:py-12">
      <div className="container-page max-w-3xl">
        <p className="eyebrow">Espace équipe</p>
        <h1 className="mt-2 font-display text-4xl text-ink md:text-5xl">{title}</h1>
        {forbidden ? (
          <div className="mt-8 rounded-2xl bg-paper p-6 ring-1 ring-mist">
            <p>Accès réservé à l’équipe.</p>
            <Link to="/" className={buttonClass('outline', 'md', 'mt-4')}>
              Retour à l’accueil
            </Link>
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { Link } from '../../lib/navigation';

/**
 * The team's pages need a signed-in member of the team; the server decides who is one and
 * answers 403 to anyone else, shown here in words.
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
  if (!loading && !user) return <Navigate to={signedOut ? '/' : '/auth'} replace />;
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

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';

/** Last-resort screen when a page fails to load (e.g. a chunk lost after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-ink px-6 text-center text-paper">
      <p className="eyebrow !text-gold">{status ?? 'Erreur'}</p>
      <h1 className="font-display text-4xl">Une erreur inattendue est survenue.</h1>
      <p className="max-w-md text-paper/70">
        Rechargez la page&nbsp;; si le problème persiste, notre assistance répond 24h/24.
      </p>
      <a href="/" className={buttonClass('gold')}>
        Revenir à l’accueil
      </a>
    </div>
  );
}

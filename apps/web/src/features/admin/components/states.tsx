import { Button } from '../../../components/ui/button';

/** Loading, error and empty states shared by the tabs. */
export function Loading() {
  return (
    <p role="status" className="py-10 text-center text-sm text-stone">
      Chargement...
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-danger/30 bg-danger/5 p-6 text-center">
      <p className="text-sm text-danger">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className="rounded-2xl bg-ivory py-10 text-center text-sm text-stone">{children}</p>;
}

export const badgeClass =
  'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold';

export { errorMessage } from '../../../lib/api-client';

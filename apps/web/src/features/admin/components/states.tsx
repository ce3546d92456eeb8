import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

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

export { errorMessage };

/**
 * What a tab shows of a query: 'Chargement...', then its failure with 'Réessayer', what it says
 * when there is nothing (`isEmpty`), or the data.
 */
export function QueryStates<Data>({
  query,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  /** The failure's message, when it is not the server's own. */
  failure?: string;
  isEmpty: (data: Data) => boolean;
  /** Said when there is nothing: a sentence, or an element of its own. */
  empty: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <LoadError
        message={failure ?? errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty(query.data)) return typeof empty === 'string' ? <Empty>{empty}</Empty> : empty;
  return children(query.data);
}

// The app's query cache (TanStack Query). A page of islands loads none with its first load
// (decision 005): only the parts it loads later that use one (a signed-in visitor's bell) bring
// it, and share one made for the page.
import {
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  useQuery,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { READ_DEFAULTS, type ReadOptions, type ReadState } from './reads';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...READ_DEFAULTS } } });
}

/** A read of the shell (lib/reads.ts) made by the app's query cache. */
export function useQueryRead<T>({ key, read, ...options }: ReadOptions<T>): ReadState<T> {
  // An option left unstated keeps the cache's default (a key given as undefined would replace it).
  const stated = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<UseQueryOptions<T>>;
  // The query's own result: it re-renders only for what the component reads of it.
  return useQuery({ ...stated, queryKey: key, queryFn: ({ signal }) => read(signal) });
}

let pageClient: QueryClient | undefined;

/** The query cache of a page of islands, made when something first needs it. */
export function onDemandQueryClient(): QueryClient {
  pageClient ??= createQueryClient();
  return pageClient;
}

/**
 * For a part loaded later that uses the query cache: the app's, or on a page of islands (which has
 * none) the page's own.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  if (client) return children;
  return <QueryClientProvider client={onDemandQueryClient()}>{children}</QueryClientProvider>;
}

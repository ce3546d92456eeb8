import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-context';
import { LiveEvents } from '../lib/live-events';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * What every page runs inside: the query cache, the session and the live updates. The router
 * comes as `children`: the browser's (main.tsx) or, on the server, a static one (entry-server.tsx).
 */
export function AppShell({
  queryClient,
  liveEvents = true,
  children,
}: {
  queryClient: QueryClient;
  /** Follows the visitor's live updates: once per page (one stream). */
  liveEvents?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {liveEvents && <LiveEvents />}
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}

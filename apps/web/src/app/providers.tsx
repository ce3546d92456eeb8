import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider';
import { LiveEvents } from '../lib/live-events';
import { useQueryRead } from '../lib/query-client';
import { ReadsProvider } from '../lib/reads';

/**
 * What every page of the app runs inside: the query cache (which also makes the shell's reads,
 * lib/reads.ts), the session and the live updates. The router comes as `children`: the browser's
 * (main.tsx) or, on the server, a static one (entry-server.tsx). A page of islands has its own
 * (island-shell.tsx).
 */
export function AppShell({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ReadsProvider value={useQueryRead}>
        <AuthProvider>
          <LiveEvents />
          {children}
        </AuthProvider>
      </ReadsProvider>
    </QueryClientProvider>
  );
}

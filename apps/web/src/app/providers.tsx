import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-context';
import { LiveEvents } from '../lib/live-events';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveEvents />
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}

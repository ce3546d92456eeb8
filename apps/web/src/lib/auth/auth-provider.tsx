import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { AuthValueProvider, SESSION_READ } from './auth-context';

const { key: SESSION_KEY, read: readSession, ...SESSION_OPTIONS } = SESSION_READ;

/** Who is signed in, for the whole app, read by its query cache. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...SESSION_OPTIONS, queryKey: SESSION_KEY, queryFn: readSession });

  const reread = useCallback(
    () => queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: readSession, staleTime: 0 }),
    [queryClient],
  );
  const drop = useCallback(() => {
    queryClient.setQueryData(SESSION_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'me' });
  }, [queryClient]);

  return (
    <AuthValueProvider session={query} reread={reread} drop={drop}>
      {children}
    </AuthValueProvider>
  );
}

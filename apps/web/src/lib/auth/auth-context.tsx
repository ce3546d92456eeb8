import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { fetchSession, signOutRequest, type Session, type SessionUser } from './auth-client';

interface AuthContextValue {
  user: SessionUser | null;
  session: Session['session'] | null;
  /** True until the first session look-up ends. */
  loading: boolean;
  /** Reads the session again (after sign-in, verification…). */
  refresh: () => Promise<SessionUser | null>;
  signOut: () => Promise<void>;
  /**
   * True once the visitor signed out in this tab (until they sign in again): a guarded page that
   * loses its user then sends them home, not to /auth, whichever renders first.
   */
  signedOut: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Who is signed in, for the whole app. The session cookie extends itself on use; the look-up is
 * refreshed every 5 minutes and when the tab regains focus, so an expired session is dropped.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });

  const refresh = useCallback(async () => {
    const session = await queryClient.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: fetchSession,
      staleTime: 0,
    });
    return session?.user ?? null;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await signOutRequest();
    setSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'me' });
  }, [queryClient]);

  const user = query.data?.user ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session: query.data?.session ?? null,
      loading: query.isPending,
      refresh,
      signOut,
      signedOut: signedOut && !user,
    }),
    [user, query.data, query.isPending, refresh, signOut, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

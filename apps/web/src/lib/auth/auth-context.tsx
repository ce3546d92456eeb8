import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ReadOptions } from '../reads';
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
 * Who is signed in. The session cookie extends itself on use; the look-up is refreshed every
 * 5 minutes and when the tab regains focus, so an expired session is dropped.
 */
export const SESSION_READ = {
  key: SESSION_QUERY_KEY,
  read: fetchSession,
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
  refetchOnWindowFocus: true,
  retry: 1,
} satisfies ReadOptions<Session | null>;

/**
 * The session as the providers give it, read by the app's query cache (auth-provider.tsx) or on
 * a page of islands by their own store (island-auth-provider.tsx): `reread` reads it again now,
 * `drop` forgets it and what was the visitor's, once signed out.
 */
export function AuthValueProvider({
  session,
  reread,
  drop,
  children,
}: {
  session: { data: Session | null | undefined; isPending: boolean };
  reread: () => Promise<Session | null>;
  drop: () => void;
  children: ReactNode;
}) {
  const [signedOut, setSignedOut] = useState(false);
  const refresh = useCallback(async () => (await reread())?.user ?? null, [reread]);
  const signOut = useCallback(async () => {
    await signOutRequest();
    setSignedOut(true);
    drop();
  }, [drop]);

  const user = session.data?.user ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session: session.data?.session ?? null,
      loading: session.isPending,
      refresh,
      signOut,
      signedOut: signedOut && !user,
    }),
    [user, session.data, session.isPending, refresh, signOut, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

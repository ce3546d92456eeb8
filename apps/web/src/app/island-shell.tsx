import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../lib/auth/auth-context';
import { IslandAuthProvider } from '../lib/auth/island-auth-provider';

/**
 * A signed-in visitor's live updates on a page of islands. What they refresh (the bell's
 * notifications) is in the query cache of the parts loaded later, so the stream's code and that
 * cache are loaded once someone is signed in, never with the page's first load.
 */
function IslandLiveEvents(): null {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let close: (() => void) | undefined;
    let closed = false;
    void Promise.all([import('../lib/live-events'), import('../lib/query-client')]).then(
      ([{ connectLiveEvents }, { onDemandQueryClient }]) => {
        if (!closed) close = connectLiveEvents(onDemandQueryClient());
      },
    );
    return () => {
      closed = true;
      close?.();
    };
  }, [userId]);
  return null;
}

/**
 * What each island of a page of islands (islands.tsx) runs inside: the session, read without the
 * app's query cache (lib/reads.ts), and the live updates, followed once (`liveEvents`).
 */
export function IslandShell({
  liveEvents,
  children,
}: {
  liveEvents: boolean;
  children: ReactNode;
}) {
  return (
    <IslandAuthProvider>
      {liveEvents && <IslandLiveEvents />}
      {children}
    </IslandAuthProvider>
  );
}

import type { ReactNode } from 'react';
import { rereadIsland, setIslandRead, useIslandRead } from '../reads';
import { AuthValueProvider, SESSION_READ } from './auth-context';

const reread = () => rereadIsland(SESSION_READ.key, SESSION_READ.read);
/**
 * Signing out forgets the session. The visitor's other answers are in the query cache of the parts
 * loaded later (the bell), which are no longer shown, until the next page.
 */
const drop = () => setIslandRead(SESSION_READ.key, null);

/**
 * Who is signed in, on a page of islands (decision 005): the same look-up as the app's, read by
 * the islands' own store (lib/reads.ts).
 */
export function IslandAuthProvider({ children }: { children: ReactNode }) {
  const session = useIslandRead(SESSION_READ);
  return (
    <AuthValueProvider session={session} reread={reread} drop={drop}>
      {children}
    </AuthValueProvider>
  );
}

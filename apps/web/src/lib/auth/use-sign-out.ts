import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../toast';
import { useAuth } from './auth-context';

/** Navigation state that asks the layout to drop the session once home is on screen. */
const SIGN_OUT_STATE = { signOut: true } as const;

/**
 * Signs out and goes home (SPEC §4). Home is shown first and the session dropped only then:
 * dropping it while a guarded page (/profil) is still on screen would send the customer to /auth
 * (the router renders its navigations as transitions, which a slow device finishes later than
 * the sign-out request).
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return () => void navigate('/', { state: SIGN_OUT_STATE });
}

/** Mounted once in the layout: finishes a sign-out asked by `useSignOut` after home has rendered. */
export function useSignOutOnArrival(): void {
  const { signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const asked =
    location.pathname === '/' && (location.state as { signOut?: unknown } | null)?.signOut === true;
  useEffect(() => {
    if (!asked) return;
    // Forget the request, so a reload or Back does not sign out again.
    void navigate(location.pathname + location.search + location.hash, {
      replace: true,
      state: null,
    });
    signOut().catch(() => notify.error('Erreur', 'Une erreur est survenue'));
  }, [asked, signOut, navigate, location.pathname, location.search, location.hash]);
}

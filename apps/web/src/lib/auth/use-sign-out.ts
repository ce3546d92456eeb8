import { useNavigation } from '../navigation';
import { notify } from '../toast';
import { useAuth } from './auth-context';

/**
 * Signs out and goes home. Leaves the page first; should the page still be on screen
 * when the session drops, its guard also sends the visitor home (`signedOut`), never to /auth.
 */
export function useSignOut(): () => void {
  const { signOut } = useAuth();
  const { navigate } = useNavigation();
  return () => {
    // Wait until home is shown (its chunk may be loading) before dropping the session.
    navigate('/')
      .then(signOut)
      .catch(() => notify.error('Erreur', 'Une erreur est survenue'));
  };
}

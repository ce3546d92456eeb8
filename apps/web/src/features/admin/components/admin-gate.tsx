import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { needsSecondFactor, secondFactorPath } from '../../../lib/auth/second-factor-client';
import { notify } from '../../../lib/toast';
import { useAdminAccess } from '../api/admin-access';

/**
 * Who may see a console page: no user → /auth (or / after signing out); an administrator whose
 * session has not passed the second factor → its page; a user without the admin role → the
 * toast 'Accès refusé' and back to /. The server checks both again on every call.
 */
export function useAdminGate() {
  const { user, loading, signedOut } = useAuth();
  const access = useAdminAccess(user?.id);
  const navigate = useNavigate();
  const location = useLocation();
  // A session not past the second factor goes to it, then comes back here.
  const factor = needsSecondFactor(access.error);
  const denied = !factor && access.error instanceof ApiRequestError && access.error.status === 403;
  useEffect(() => {
    if (!denied) return;
    notify.error('Accès refusé', 'Vous n’avez pas les permissions d’administrateur.');
    void navigate('/', { replace: true });
  }, [denied, navigate]);

  const redirect =
    !loading && !user
      ? signedOut
        ? '/'
        : '/auth'
      : access.error instanceof ApiRequestError && access.error.status === 401
        ? '/auth'
        : factor
          ? secondFactorPath(location.pathname + location.search)
          : null;
  return { ready: access.data !== undefined, access, denied, redirect };
}

/** What a console page says until the server confirms the administrator. */
export function AdminAccessState({ gate }: { gate: ReturnType<typeof useAdminGate> }) {
  const { access, denied } = gate;
  return access.isError && !denied ? (
    <p role="alert" className="mt-8 text-sm text-danger">
      {access.error.message}
    </p>
  ) : (
    <p role="status" className="mt-8 text-sm text-stone">
      Chargement...
    </p>
  );
}

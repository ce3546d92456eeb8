import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { rememberReturnPath } from '../../lib/auth/return-path';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { Checkout } from './checkout';
import { resolveCheckout, saveCheckout } from './checkout-storage';
import { CheckoutSkeleton } from './components/checkout-frame';

/**
 * /checkout (booking step 4). Opened by the options page with the rental in the navigation
 * state; the state is also kept in session storage so that the sign-in detour and the 3-D Secure
 * page can come back to it. Without either it sends the visitor to the fleet.
 */
export function CheckoutPage() {
  usePageMeta(
    'Finaliser votre réservation',
    'Conducteur principal, récapitulatif et paiement sécurisé de votre location.',
  );
  const location = useLocation();
  const { user, loading } = useAuth();
  const [checkout] = useState(() => {
    const resolved = resolveCheckout(location.state);
    if (resolved) saveCheckout(resolved);
    return resolved;
  });

  // Filling the frame in is deferred: React draws the form a few milliseconds at a time, letting
  // a phone's browser answer a tap meanwhile.
  const accountEmail = useDeferredValue(user?.email ?? null);

  if (!loading && !checkout) return <Navigate to="/flotte" replace />;
  if (!loading && !user) return <SignInFirst />;
  // The server knows neither the session nor the tab's rental: it sends the skeleton. The
  // browser's first render must draw the same, so the checkout waits for the session to show its
  // rental, in the same elements.
  if (!checkout) return <CheckoutSkeleton />;
  return <Checkout initial={checkout} accountEmail={accountEmail} />;
}

/** Checkout requires sign-in; the /auth page comes back here afterwards. */
function SignInFirst() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    rememberReturnPath('/checkout');
    notify.info('Connexion requise', 'Connectez-vous pour finaliser votre réservation.');
    void navigate('/auth', { replace: true });
  }, [navigate]);
  return <CheckoutSkeleton />;
}

export { CheckoutPage as Component };

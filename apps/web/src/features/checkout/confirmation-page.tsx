import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { rememberReturnPath } from '../../lib/auth/return-path';
import { preloadToaster } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { isPendingOutcome, usePaymentOutcome } from './api/payment-outcome';
import { clearCheckout } from './checkout-storage';
import { BookingConfirmed } from './components/booking-confirmed';
import { OutcomeActions, OutcomeFrame } from './components/outcome-frame';

/** How long the page keeps asking before it says the confirmation is taking longer. */
const POLL_LIMIT_MS = 2 * 60_000;

/**
 * /confirmation?payment_intent={id}: the payment's return page. It reads the booking
 * behind the intent, as the server settles it from the processor, and refreshes while pending.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent') ?? '';
  const { user, loading } = useAuth();
  usePageMeta('Confirmation de votre réservation');

  if (!intentId) return <Navigate to="/" replace />;
  if (loading) return <OutcomeFrame tone="pending" title="Chargement…" />;
  if (!user) return <SignInFirst />;
  return <Outcome intentId={intentId} />;
}

function SignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    rememberReturnPath(`${location.pathname}${location.search}`);
    void navigate('/auth', { replace: true });
  }, [location.pathname, location.search, navigate]);
  return <OutcomeFrame tone="pending" title="Chargement…" />;
}

function Outcome({ intentId }: { intentId: string }) {
  const [polling, setPolling] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setPolling(false), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const query = usePaymentOutcome(intentId, true, polling);
  const outcome = query.data;
  const paid = outcome?.paymentStatus === 'succeeded';

  // The rental is booked: the draft and the checkout copy are done with (also after 3-D Secure),
  // and an earlier card refusal still on screen no longer applies.
  useEffect(() => {
    if (!paid) return;
    clearCheckout();
    void preloadToaster().then((toast) => toast.dismiss());
  }, [paid]);

  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return notFound ? (
      <OutcomeFrame
        tone="failed"
        title="Paiement introuvable"
        lead="Aucune réservation ne correspond à ce paiement sur votre compte."
      >
        <OutcomeActions secondary={{ to: '/profil', label: 'Accéder à mon profil' }} />
      </OutcomeFrame>
    ) : (
      <OutcomeFrame
        tone="failed"
        title="Vérification impossible"
        lead="Nous n’avons pas pu vérifier l’état de votre paiement. Veuillez réessayer."
      >
        <div className="mt-8 flex justify-center">
          <Button onClick={() => void query.refetch()}>Réessayer</Button>
        </div>
      </OutcomeFrame>
    );
  }
  if (!outcome) return <OutcomeFrame tone="pending" title="Chargement…" />;
  if (paid) return <BookingConfirmed outcome={outcome} />;
  if (isPendingOutcome(outcome)) {
    return (
      <OutcomeFrame
        tone="pending"
        title="Paiement en cours de confirmation…"
        lead={
          polling
            ? 'Cela ne prend généralement que quelques secondes. Cette page se met à jour automatiquement.'
            : 'La confirmation prend plus de temps que prévu. Vous recevrez un e-mail et une notification dès que votre paiement sera confirmé.'
        }
        live
      >
        {!polling && (
          <OutcomeActions secondary={{ to: '/profil', label: 'Accéder à mon profil' }} />
        )}
      </OutcomeFrame>
    );
  }
  if (outcome.paymentStatus === 'refunded') {
    return (
      <OutcomeFrame
        tone="failed"
        title="Réservation annulée"
        lead="Le véhicule n’était plus disponible pour ces dates&nbsp;: votre paiement a été intégralement remboursé."
        live
      >
        <OutcomeActions />
      </OutcomeFrame>
    );
  }
  return (
    <OutcomeFrame
      tone="failed"
      title="Paiement non abouti"
      lead={
        <>
          {outcome.lastError && <span className="block font-semibold">{outcome.lastError}</span>}
          Votre réservation n’a pas été confirmée et aucun montant n’a été débité. Vous pouvez
          choisir un véhicule et réserver de nouveau.
        </>
      }
      live
    >
      <OutcomeActions />
    </OutcomeFrame>
  );
}

export { ConfirmationPage as Component };

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatEuros } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { confirmBalancePayment, fetchBalance, startBalancePayment } from './api/balance';
import { CardPaymentForm } from './components/card-payment-form';
import {
  PaymentDone,
  PaymentPageFrame,
  PENDING_MESSAGE,
  useReturningPayment,
} from './components/payment-page-frame';

type Outcome = { status: 'paid' | 'pending' | 'failed'; balanceDueCents: number };

/**
 * /reservation/{id}/solde: the customer pays by card what their card refused at the return, with
 * 3-D Secure, through the same processor as the checkout. The server records the payment once,
 * never beyond what is owed, and tells the customer.
 */
export function BalancePaymentPage() {
  usePageMeta('Régler le solde de ma location');
  const { id = '' } = useParams();
  const balance = useQuery({
    queryKey: ['balance', id],
    queryFn: ({ signal }) => fetchBalance(id, signal),
    retry: false,
  });
  const { outcome, setOutcome, settled, waiting } = useReturningPayment(
    (intentId) => confirmBalancePayment(id, intentId),
    () => ({ status: 'pending' as const, balanceDueCents: balance.data?.balanceDueCents ?? 0 }),
  );

  let body;
  if (settled && outcome) {
    body = <Done bookingId={id} outcome={outcome} />;
  } else if (balance.isError) {
    body = (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(balance.error)}
      </p>
    );
  } else if (!balance.data || waiting) {
    body = <p role="status">Chargement…</p>;
  } else if (balance.data.disputed) {
    body = (
      <p className="text-sm text-graphite">
        Votre contestation des frais de restitution est en cours d’examen&nbsp;: aucun montant ne
        vous est demandé avant notre décision.
      </p>
    );
  } else if (balance.data.balanceDueCents === 0) {
    body = <p className="text-sm text-graphite">Vous ne nous devez rien pour cette location.</p>;
  } else {
    body = (
      <CardPayment bookingId={id} onOutcome={setOutcome} failed={outcome?.status === 'failed'} />
    );
  }

  return (
    <PaymentPageFrame
      eyebrow={
        <>
          <LockKeyhole className="h-3.5 w-3.5" aria-hidden="true" />
          Paiement sécurisé
        </>
      }
      title="Régler le solde"
      intro={
        balance.data &&
        balance.data.balanceDueCents > 0 &&
        !outcome && (
          <>
            Reste à régler pour cette location&nbsp;:{' '}
            <strong className="font-display text-2xl whitespace-nowrap text-ink">
              {formatEuros(balance.data.balanceDueCents)}
            </strong>
          </>
        )
      }
      bookingId={id}
      settled={settled}
    >
      {body}
    </PaymentPageFrame>
  );
}

function Done({ bookingId, outcome }: { bookingId: string; outcome: Outcome }) {
  return (
    <PaymentDone
      title={
        outcome.status === 'paid' ? 'Règlement reçu, merci' : 'Paiement en cours de validation'
      }
      message={
        outcome.status === 'pending'
          ? PENDING_MESSAGE
          : outcome.balanceDueCents === 0
            ? 'Vous ne nous devez plus rien pour cette location. Un message vous le confirme.'
            : `Il reste ${formatEuros(outcome.balanceDueCents)} à régler.`
      }
    >
      <ButtonLink to={`/reservation/${bookingId}`}>Voir ma réservation</ButtonLink>
    </PaymentDone>
  );
}

function CardPayment({
  bookingId,
  onOutcome,
  failed,
}: {
  bookingId: string;
  onOutcome: (outcome: Outcome) => void;
  failed: boolean;
}) {
  const queryClient = useQueryClient();
  return (
    <CardPaymentForm
      label="Paiement du solde par carte"
      open={() => startBalancePayment(bookingId)}
      openKey={bookingId}
      onPaid={async (intentId) => {
        const result = await confirmBalancePayment(bookingId, intentId);
        await queryClient.invalidateQueries({ queryKey: ['balance', bookingId] });
        onOutcome(result);
      }}
      returnTo={`/reservation/${bookingId}/solde`}
      failed={failed}
    />
  );
}

export { BalancePaymentPage as Component };

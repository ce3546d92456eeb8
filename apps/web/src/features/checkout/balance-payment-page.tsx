import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatEuros } from '../../lib/format';
import { usePageMeta } from '../../lib/use-page-meta';
import { confirmBalancePayment, fetchBalance, startBalancePayment } from './api/balance';
import { CardPaymentForm } from './components/card-payment-form';

type Outcome = { status: 'paid' | 'pending' | 'failed'; balanceDueCents: number };

/**
 * /reservation/{id}/solde: the customer pays by card what their card refused at the return, with
 * 3-D Secure, through the same processor as the checkout. The server records the payment once,
 * never beyond what is owed, and tells the customer.
 */
export function BalancePaymentPage() {
  usePageMeta('Régler le solde de ma location');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const returning = search.get('payment_intent');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const balance = useQuery({
    queryKey: ['balance', id],
    queryFn: ({ signal }) => fetchBalance(id, signal),
    retry: false,
  });

  // Back from the 3-D Secure page (or Stripe's redirect): the server reads the payment again.
  useEffect(() => {
    if (!returning) return;
    confirmBalancePayment(id, returning).then(setOutcome, () =>
      setOutcome({ status: 'pending', balanceDueCents: balance.data?.balanceDueCents ?? 0 }),
    );
    // Once per return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, returning]);

  let body;
  if (outcome?.status === 'paid' || outcome?.status === 'pending') {
    body = <Done bookingId={id} outcome={outcome} />;
  } else if (balance.isError) {
    body = (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(balance.error)}
      </p>
    );
  } else if (!balance.data || (returning && !outcome)) {
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
    <section className="bg-ivory py-10 md:py-16">
      <div className="container-page max-w-2xl space-y-6">
        <div>
          <p className="eyebrow flex items-center gap-2">
            <LockKeyhole className="h-3.5 w-3.5" aria-hidden="true" />
            Paiement sécurisé
          </p>
          <h1 className="mt-2 font-display text-4xl text-ink md:text-5xl">Régler le solde</h1>
          {balance.data && balance.data.balanceDueCents > 0 && !outcome && (
            <p className="mt-3 text-graphite">
              Reste à régler pour cette location&nbsp;:{' '}
              <strong className="font-display text-2xl whitespace-nowrap text-ink">
                {formatEuros(balance.data.balanceDueCents)}
              </strong>
            </p>
          )}
        </div>
        <div className="rounded-3xl bg-paper p-5 shadow-xl ring-1 shadow-ink/5 ring-mist sm:p-7">
          {body}
        </div>
        {outcome?.status !== 'paid' && outcome?.status !== 'pending' && (
          <ButtonLink to={`/reservation/${id}`} variant="outline">
            Retour à ma réservation
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

function Done({ bookingId, outcome }: { bookingId: string; outcome: Outcome }) {
  return (
    <div role="status" className="text-center">
      <CheckCircle2 className="mx-auto h-10 w-10 text-success" aria-hidden="true" />
      <h2 className="mt-3 font-display text-3xl text-ink">
        {outcome.status === 'paid' ? 'Règlement reçu, merci' : 'Paiement en cours de validation'}
      </h2>
      <p className="mt-2 text-sm text-graphite">
        {outcome.status === 'pending'
          ? 'Votre banque n’a pas encore confirmé le paiement : nous vous écrivons dès qu’il est reçu.'
          : outcome.balanceDueCents === 0
            ? 'Vous ne nous devez plus rien pour cette location. Un message vous le confirme.'
            : `Il reste ${formatEuros(outcome.balanceDueCents)} à régler.`}
      </p>
      <ButtonLink to={`/reservation/${bookingId}`} className="mt-5">
        Voir ma réservation
      </ButtonLink>
    </div>
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

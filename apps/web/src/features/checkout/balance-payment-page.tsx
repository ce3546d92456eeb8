import type { BalanceCardStart } from '@vroum/core/return-disputes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LockKeyhole } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { formatEuros } from '../../lib/format';
import { confirmWithStripe, submitPaymentForm } from '../../lib/stripe-payment';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { confirmBalancePayment, fetchBalance, startBalancePayment } from './api/balance';
import { confirmSandboxCard } from './api/sandbox';
import { checkCard, type CardField, type CardValues } from './card-input';
import { PAYMENT_ERROR_TITLE } from './checkout-messages';
import { saveChallenge } from './checkout-storage';
import { SandboxCardFields } from './components/sandbox-card-fields';
import { StripeCardFields, type StripeCardForm } from './components/stripe-card-fields';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<BalanceCardStart | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<ReadonlySet<CardField>>(new Set());
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const onStripeReady = useCallback((form: StripeCardForm | null) => setStripeForm(form), []);

  // The payment is opened with the page: the same one if it is still open (another tab).
  useEffect(() => {
    startBalancePayment(bookingId).then(setPayment, (error: unknown) =>
      setStartError(errorMessage(error)),
    );
  }, [bookingId]);

  const finish = async (intentId: string) => {
    const result = await confirmBalancePayment(bookingId, intentId);
    await queryClient.invalidateQueries({ queryKey: ['balance', bookingId] });
    onOutcome(result);
  };

  const pay = async () => {
    if (!payment || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      if (payment.provider === 'stripe') {
        if (!stripeForm || !(await submitPaymentForm(stripeForm.form.elements))) return;
        const result = await confirmWithStripe(
          stripeForm.stripe,
          stripeForm.form.elements,
          payment.clientSecret,
          `/reservation/${bookingId}/solde`,
        );
        if (result.status === 'error') {
          if (result.code !== 'validation_error') notify.error(PAYMENT_ERROR_TITLE, result.message);
          return;
        }
        await finish(result.intentId);
        return;
      }
      const checked = checkCard(card);
      if (!checked.ok) {
        setInvalid(new Set(checked.invalid));
        return;
      }
      setInvalid(new Set());
      const intent = await confirmSandboxCard(payment.intentId, payment.clientSecret, checked.card);
      if (intent.redirectUrl) {
        saveChallenge({
          intentId: intent.id,
          clientSecret: payment.clientSecret,
          last4: checked.card.number.slice(-4),
          returnTo: `/reservation/${bookingId}/solde`,
        });
        void navigate(intent.redirectUrl);
        return;
      }
      await finish(intent.id);
    } catch (error) {
      notify.error(
        PAYMENT_ERROR_TITLE,
        error instanceof ApiRequestError
          ? error.message
          : 'Une erreur est survenue lors du paiement.',
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  if (startError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {startError}
      </p>
    );
  }
  if (!payment) return <p role="status">Préparation du paiement…</p>;
  return (
    <form
      aria-label="Paiement du solde par carte"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      className="space-y-5"
    >
      {failed && (
        <p role="alert" className="rounded-xl bg-danger/5 p-3 text-sm text-danger">
          Le paiement n’a pas abouti. Vérifiez votre carte ou essayez-en une autre.
        </p>
      )}
      {payment.provider === 'stripe' && payment.publishableKey ? (
        <StripeCardFields
          publishableKey={payment.publishableKey}
          amountCents={payment.amountCents}
          onReady={onStripeReady}
          kind="balance"
        />
      ) : (
        <SandboxCardFields values={card} onChange={setCard} invalid={invalid} disabled={busy} />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Paiement en cours…' : `Payer ${formatEuros(payment.amountCents)}`}
      </Button>
      <p className="text-xs text-stone">
        {payment.provider === 'sandbox'
          ? 'Paiement par le processeur intégré (mode démonstration), authentifié par votre banque (3-D Secure).'
          : 'Paiement sécurisé par Stripe, authentifié par votre banque (3-D Secure).'}{' '}
        Vos données de carte ne sont pas conservées.
      </p>
    </form>
  );
}

export { BalancePaymentPage as Component };

import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { formatEuros } from '../../../lib/format';
import { confirmWithStripe, submitPaymentForm } from '../../../lib/stripe-payment';
import { notify } from '../../../lib/toast';
import { confirmSandboxCard } from '../api/sandbox';
import { checkCard, type CardField, type CardValues } from '../card-input';
import { PAYMENT_ERROR_TITLE } from '../checkout-messages';
import { saveChallenge } from '../checkout-storage';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardFields, type StripeCardForm } from './stripe-card-fields';

/** A card payment the server opened: its intent, its amount and the processor to pay it at. */
export interface CardPaymentStart {
  intentId: string;
  clientSecret: string;
  amountCents: number;
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
}

/**
 * A payment after the rental's (a balance, an extension), by card with 3-D Secure through the
 * checkout's processor: the payment is opened with the form (the same one if it is still open in
 * another tab), the card confirmed, its challenge passed on the 3-D Secure page which comes back
 * to `returnTo` with the intent, and the server asked to record it (`onPaid` with the intent).
 */
export function CardPaymentForm({
  label,
  open,
  openKey,
  onPaid,
  returnTo,
  failed,
}: {
  /** The form's accessible name. */
  label: string;
  open: () => Promise<CardPaymentStart>;
  /** Opens the payment again when it changes. */
  openKey: string;
  onPaid: (intentId: string) => Promise<void>;
  returnTo: string;
  failed: boolean;
}) {
  const navigate = useNavigate();
  const [payment, setPayment] = useState<CardPaymentStart | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<ReadonlySet<CardField>>(new Set());
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const onStripeReady = useCallback((form: StripeCardForm | null) => setStripeForm(form), []);

  useEffect(() => {
    setPayment(null);
    setStartError(null);
    open().then(setPayment, (error: unknown) => setStartError(errorMessage(error)));
    // Opened once per key: `open` is a new function at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openKey]);

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
          returnTo,
        );
        if (result.status === 'error') {
          if (result.code !== 'validation_error') notify.error(PAYMENT_ERROR_TITLE, result.message);
          return;
        }
        await onPaid(result.intentId);
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
          returnTo,
        });
        void navigate(intent.redirectUrl);
        return;
      }
      await onPaid(intent.id);
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
      aria-label={label}
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

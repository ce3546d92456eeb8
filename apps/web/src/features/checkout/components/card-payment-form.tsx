import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormState, type Checked } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { formatEuros } from '../../../lib/format';
import { confirmWithStripe, submitPaymentForm } from '../../../lib/stripe-payment';
import { notify } from '../../../lib/toast';
import { confirmSandboxCard, type CardDetails } from '../api/sandbox';
import { checkCard, type CardField } from '../card-input';
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
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);
  const onStripeReady = useCallback((form: StripeCardForm | null) => setStripeForm(form), []);

  useEffect(() => {
    setPayment(null);
    setStartError(null);
    open().then(setPayment, (error: unknown) => setStartError(errorMessage(error)));
    // Opened once per key: `open` is a new function at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openKey]);

  /** Stripe's form checks its own fields; the built-in processor's card is checked here. */
  const pay = async (opened: CardPaymentStart, card: CardDetails | null) => {
    if (opened.provider === 'stripe' || !card) {
      if (!stripeForm || !(await submitPaymentForm(stripeForm.form.elements))) return;
      const result = await confirmWithStripe(
        stripeForm.stripe,
        stripeForm.form.elements,
        opened.clientSecret,
        returnTo,
      );
      if (result.status === 'error') {
        if (result.code !== 'validation_error') notify.error(PAYMENT_ERROR_TITLE, result.message);
        return;
      }
      await onPaid(result.intentId);
      return;
    }
    const intent = await confirmSandboxCard(opened.intentId, opened.clientSecret, card);
    if (intent.redirectUrl) {
      saveChallenge({
        intentId: intent.id,
        clientSecret: opened.clientSecret,
        last4: card.number.slice(-4),
        returnTo,
      });
      void navigate(intent.redirectUrl);
      return;
    }
    await onPaid(intent.id);
  };

  // The card typed for the built-in processor; each field it refuses is marked, without a message.
  const form = useFormState({
    initial: { card: { number: '', expiry: '', cvc: '' } },
    check: ({ card }): Checked<CardDetails | null> => {
      if (payment?.provider === 'stripe') return { ok: true, input: null };
      const checked = checkCard(card);
      return checked.ok
        ? { ok: true, input: checked.card }
        : { ok: false, errors: Object.fromEntries(checked.invalid.map((field) => [field, ''])) };
    },
    save: (card) => (payment ? pay(payment, card) : undefined),
    failed: (error) =>
      notify.error(
        PAYMENT_ERROR_TITLE,
        error instanceof ApiRequestError
          ? error.message
          : 'Une erreur est survenue lors du paiement.',
      ),
  });
  const invalid = new Set(
    (['number', 'expiry', 'cvc'] as const).filter((field) => form.errors[field] !== undefined),
  ) as ReadonlySet<CardField>;
  const { busy } = form;

  if (startError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {startError}
      </p>
    );
  }
  if (!payment) return <p role="status">Préparation du paiement…</p>;
  return (
    <form aria-label={label} onSubmit={form.submit} className="space-y-5">
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
        <SandboxCardFields
          values={form.values.card}
          onChange={(card) => form.set('card', card)}
          invalid={invalid}
          disabled={busy}
        />
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

import type { PaymentConfig, PaymentStart } from '@vroum/core/checkout';
import { ArrowLeft, Lock } from 'lucide-react';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { formatEuros } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import type { CardField, CardValues } from '../card-input';
import { DepositNote } from './price-breakdown';
import { HoldCountdown } from './hold-countdown';
import { SandboxCardFields } from './sandbox-card-fields';
import { StripeCardFields, type StripeCardForm } from './stripe-card-fields';
import { StepActions, StepCard } from './step-card';

/** The submit button's three labels: before the intent exists, after, and while busy. */
export function payButtonLabel(busy: boolean, hasPayment: boolean): string {
  if (busy) return 'Traitement en cours...';
  return hasPayment ? 'Confirmer le paiement' : 'Payer et réserver';
}

/**
 * Checkout step 3: the card form of the payment provider (the built-in processor's, labelled
 * 'mode démonstration', or Stripe's Payment Element), the terms, and payment.
 */
export function PaymentStep({
  config,
  onStripeReady,
  amountCents,
  depositCents,
  payment,
  busy,
  card,
  onCardChange,
  invalidCard,
  termsAccepted,
  onTermsChange,
  onPay,
  onBack,
  onHoldExpired,
  headingRef,
}: {
  /** Which processor takes the card; undefined while loading. */
  config: PaymentConfig | undefined;
  onStripeReady: (form: StripeCardForm | null) => void;
  /** The amount to be charged: the booking's once it exists, else the quote's. */
  amountCents: number | undefined;
  depositCents: number | undefined;
  payment: PaymentStart | undefined;
  busy: boolean;
  card: CardValues;
  onCardChange: (values: CardValues) => void;
  invalidCard: ReadonlySet<CardField>;
  termsAccepted: boolean;
  onTermsChange: (accepted: boolean) => void;
  /** Sends the form (its submit, or Enter in one of its fields). */
  onPay: (event: FormEvent) => void;
  onBack: () => void;
  onHoldExpired: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const sandbox = config?.provider === 'sandbox';
  // The button stays disabled until the terms are ticked; Enter in a field still submits, so
  // that the refusal 'Conditions non acceptées' reaches keyboard users too.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) onPay(event);
  };
  return (
    <StepCard
      id="checkout-payment-title"
      title="Paiement sécurisé"
      headingRef={headingRef}
      badge={
        sandbox && (
          <span className="inline-flex items-center rounded-full bg-gold-soft px-3 py-1 text-xs font-semibold tracking-wide text-gold-deep ring-1 ring-gold/50">
            Mode démonstration
          </span>
        )
      }
      intro={
        config &&
        (sandbox ? (
          <p>
            Paiement traité par le processeur de paiement intégré, en mode démonstration&nbsp;:
            seules les cartes de test ci-dessous sont acceptées.
          </p>
        ) : (
          <p>
            Vos coordonnées bancaires sont saisies dans le formulaire sécurisé de Stripe&nbsp;:
            elles ne transitent pas par nos serveurs.
          </p>
        ))
      }
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter in a field submits, as forms do. */}
      <form onSubmit={onPay} onKeyDown={onKeyDown} noValidate aria-label="Paiement par carte">
        <div className="space-y-5">
          {payment && <HoldCountdown expiresAt={payment.holdExpiresAt} onExpired={onHoldExpired} />}
          {amountCents !== undefined && (
            <AmountToPay amountCents={amountCents} depositCents={depositCents} />
          )}
          {sandbox && (
            <SandboxCardFields
              values={card}
              onChange={onCardChange}
              invalid={invalidCard}
              disabled={busy}
            />
          )}
          {config?.provider === 'stripe' && config.publishableKey && (
            <StripeCardFields
              publishableKey={config.publishableKey}
              amountCents={amountCents ?? 0}
              onReady={onStripeReady}
            />
          )}
          {!config && (
            <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-mist/50">
              <span className="sr-only">Chargement du formulaire de paiement…</span>
            </div>
          )}
          <TermsCheckbox accepted={termsAccepted} disabled={busy} onChange={onTermsChange} />
        </div>
        <StepActions>
          <Button variant="outline" size="lg" onClick={onBack} disabled={busy}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Retour
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={!config || !termsAccepted || busy}
            aria-busy={busy}
          >
            <Lock className="h-4 w-4" aria-hidden="true" />
            {payButtonLabel(busy, Boolean(payment))}
          </Button>
        </StepActions>
      </form>
    </StepCard>
  );
}

/** What the card is charged, and the deposit held beside it. */
function AmountToPay({
  amountCents,
  depositCents,
}: {
  amountCents: number;
  depositCents: number | undefined;
}) {
  return (
    <div>
      <dl className="flex items-baseline justify-between gap-4 rounded-2xl bg-ink px-4 py-3 text-paper">
        <dt className="text-sm">Montant de la location</dt>
        <dd className="font-display text-2xl font-semibold whitespace-nowrap text-gold">
          {formatEuros(amountCents)}
        </dd>
      </dl>
      {depositCents !== undefined && <DepositNote depositCents={depositCents} />}
    </div>
  );
}

/** The terms and the privacy policy, each opened in a new tab, to accept before paying. */
function TermsCheckbox({
  accepted,
  disabled,
  onChange,
}: {
  accepted: boolean;
  disabled: boolean;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-2xl p-1">
      <input
        id="checkout-terms"
        type="checkbox"
        checked={accepted}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-ink"
      />
      <label
        htmlFor="checkout-terms"
        className="cursor-pointer text-sm leading-relaxed text-graphite"
      >
        J’accepte les{' '}
        <Link
          to="/conditions"
          target="_blank"
          rel="noopener"
          className="font-semibold text-ink underline underline-offset-2 hover:text-gold-deep"
        >
          conditions générales de location
        </Link>{' '}
        et la{' '}
        <Link
          to="/politique-confidentialite"
          target="_blank"
          rel="noopener"
          className="font-semibold text-ink underline underline-offset-2 hover:text-gold-deep"
        >
          politique de confidentialité
        </Link>
      </label>
    </div>
  );
}

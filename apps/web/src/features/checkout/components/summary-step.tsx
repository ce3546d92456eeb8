import type { CheckoutDraft } from '@vroum/core/booking-draft';
import type { QuoteResponse } from '@vroum/core/checkout';
import type { Vehicle } from '@vroum/core/vehicle';
import { ArrowLeft, ArrowRight, TriangleAlert, X } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { Link } from '../../../lib/navigation';
import { PriceBreakdown } from './price-breakdown';
import { rentalChoices, rentalDate } from './rental-facts';
import { LockedNotice, StepActions, StepCard } from './step-card';

export interface QuoteView {
  data: QuoteResponse | undefined;
  /** The server's message when the rental cannot be priced. */
  error: string | null;
}

/** Checkout step 2: the rental, the server's price breakdown, a promo code, special requests. */
export function SummaryStep({
  state,
  vehicle,
  quote,
  vehiclePath,
  appliedPromo,
  onApplyPromo,
  onRemovePromo,
  specialRequests,
  onSpecialRequestsChange,
  locked,
  onBack,
  onNext,
  headingRef,
}: {
  state: CheckoutDraft;
  vehicle: Vehicle | undefined;
  quote: QuoteView;
  vehiclePath: string;
  appliedPromo: { code: string; description: string } | null;
  /** Re-quotes with the code; resolves to the server's message when it is refused. */
  onApplyPromo: (code: string) => Promise<string | null>;
  onRemovePromo: () => void;
  specialRequests: string;
  onSpecialRequestsChange: (value: string) => void;
  locked: boolean;
  onBack: () => void;
  onNext: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const choices = rentalChoices(state);
  return (
    <StepCard
      id="checkout-summary-title"
      title="Récapitulatif de la réservation"
      headingRef={headingRef}
    >
      {locked && <LockedNotice />}
      <h3 className="eyebrow">Votre location</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Véhicule">{vehicle ? `${vehicle.name} · ${vehicle.category}` : '…'}</Fact>
        <Fact label="Livraison">{state.deliveryAddress || 'Non renseignée'}</Fact>
        {state.returnAddress && <Fact label="Restitution">{state.returnAddress}</Fact>}
        <Fact label="Départ">{rentalDate(state.startDate)}</Fact>
        <Fact label="Retour">{rentalDate(state.endDate)}</Fact>
        <Fact label="Protection">{choices.protection}</Fact>
        <Fact label="Options">{choices.options}</Fact>
        {state.withDriver && <Fact label="Chauffeur">Avec chauffeur</Fact>}
        {state.unlimitedKm && <Fact label="Kilométrage">Illimité</Fact>}
      </dl>

      <h3 className="eyebrow mt-8">Détail du prix</h3>
      <div className="mt-3" aria-live="polite" aria-busy={!quote.data && !quote.error}>
        {quote.data ? (
          <PriceBreakdown quote={quote.data} />
        ) : quote.error ? (
          <div role="alert" className="rounded-2xl border border-danger/30 bg-danger/5 p-4 text-sm">
            <p className="flex items-start gap-2 font-semibold text-danger">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {quote.error}
            </p>
            <Link to={vehiclePath} className="mt-2 inline-block font-semibold text-ink underline">
              Modifier la réservation
            </Link>
          </div>
        ) : (
          <div className="space-y-3">
            <span className="sr-only">Calcul du prix…</span>
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="h-5 animate-pulse rounded bg-mist/60" />
            ))}
          </div>
        )}
      </div>

      <PromoCode
        applied={appliedPromo}
        onApply={onApplyPromo}
        onRemove={onRemovePromo}
        disabled={locked}
      />

      <div className="mt-6">
        <label htmlFor="checkout-special-requests" className={labelClass}>
          Demandes spéciales <span className="font-normal text-stone">(facultatif)</span>
        </label>
        <textarea
          id="checkout-special-requests"
          rows={3}
          maxLength={1000}
          disabled={locked}
          value={specialRequests}
          onChange={(event) => onSpecialRequestsChange(event.target.value)}
          placeholder="Horaire de livraison précis, étage, siège enfant déjà installé…"
          className={`${inputClass} h-auto py-3`}
        />
      </div>

      <StepActions>
        <Button variant="outline" size="lg" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour
        </Button>
        <Button size="lg" onClick={onNext}>
          Continuer
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </StepActions>
    </StepCard>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-ink first-letter:uppercase">{children}</dd>
    </div>
  );
}

function PromoCode({
  applied,
  onApply,
  onRemove,
  disabled,
}: {
  applied: { code: string; description: string } | null;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  disabled: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const candidate = code.trim().toUpperCase();
    if (!candidate || busy) return;
    setBusy(true);
    const refusal = await onApply(candidate);
    setBusy(false);
    setError(refusal);
    if (!refusal) setCode('');
  };
  // Enter in the code applies it rather than leaving the step.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    }
  };

  if (applied) {
    return (
      <div className="mt-6 flex items-center justify-between gap-4 rounded-2xl border border-success/30 bg-success/5 px-4 py-3 text-sm">
        <p className="min-w-0">
          <span className="font-semibold text-success">Code {applied.code} appliqué</span>
          {applied.description && (
            <span className="block text-graphite">{applied.description}</span>
          )}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          <X className="h-4 w-4" aria-hidden="true" />
          Retirer
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <label htmlFor="checkout-promo" className={labelClass}>
        Code promo
      </label>
      <div className="flex gap-2">
        <input
          id="checkout-promo"
          value={code}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-promo-error' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClass} uppercase placeholder:normal-case aria-[invalid=true]:border-danger`}
          placeholder="Votre code"
        />
        <Button
          variant="outline"
          className="h-12 shrink-0"
          onClick={() => void apply()}
          disabled={disabled || busy || !code.trim()}
        >
          Appliquer
        </Button>
      </div>
      {error && (
        <p id="checkout-promo-error" role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

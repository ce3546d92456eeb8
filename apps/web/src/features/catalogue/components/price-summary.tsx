import type { Quote } from '@vroum/core/pricing';
import { formatEuros } from '../../../lib/format';

/** The price summary of the vehicle page, computed by the shared pricing code. */
export function PriceSummary({
  quote,
  pricePerDayCents,
  deliveryKnown,
  collection = null,
}: {
  quote: Quote | null;
  pricePerDayCents: number;
  deliveryKnown: boolean;
  /** When the car is collected at another address: whether its fee is known yet. */
  collection?: { known: boolean } | null;
}) {
  if (!quote) {
    return (
      <p className="rounded-xl bg-ivory p-4 text-sm text-stone">
        Choisissez vos dates pour voir le prix de votre location.
      </p>
    );
  }
  const days = `${quote.days} ${quote.days > 1 ? 'jours' : 'jour'}`;
  return (
    <section aria-labelledby="recapitulatif-title" className="rounded-xl bg-ivory p-4">
      <h3 id="recapitulatif-title" className="sr-only">
        Récapitulatif du prix
      </h3>
      <dl className="space-y-2 text-sm">
        <Line label={`${formatEuros(pricePerDayCents)} × ${days}`} value={quote.basePriceCents} />
        {quote.chauffeurCostCents > 0 && (
          <Line
            label={`Chauffeur\u00a0: ${quote.chauffeurHours}\u00a0h × 40,00\u00a0€`}
            value={quote.chauffeurCostCents}
          />
        )}
        {quote.unlimitedKmCostCents > 0 && (
          <Line label={`Kilométrage illimité × ${days}`} value={quote.unlimitedKmCostCents} />
        )}
        <Line
          label="Livraison"
          value={deliveryKnown ? fee(quote.deliveryFeeCents) : 'Selon l’adresse'}
        />
        {collection && (
          <Line
            label="Restitution à une autre adresse"
            value={collection.known ? fee(quote.returnFeeCents) : 'Selon l’adresse'}
          />
        )}
        <div className="flex justify-between gap-4 border-t border-mist pt-3 text-base">
          <dt className="font-semibold text-ink">Total TTC</dt>
          <dd className="font-display text-2xl font-semibold text-ink">
            {formatEuros(quote.totalCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 text-xs text-stone">
          <dt>Caution (empreinte bancaire, non débitée)</dt>
          <dd>{formatEuros(quote.depositCents)}</dd>
        </div>
      </dl>
    </section>
  );
}

const fee = (cents: number) => (cents === 0 ? 'Gratuit' : cents);

function Line({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-graphite">{label}</dt>
      <dd className="font-semibold text-ink">
        {typeof value === 'number' ? formatEuros(value) : value}
      </dd>
    </div>
  );
}

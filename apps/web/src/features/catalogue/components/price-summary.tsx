import type { Quote } from '@vroum/core/pricing';
import { COLLECTION_LINE, DELIVERY_LINE, quoteLines } from '@vroum/core/pricing-lines';
import { PriceLines } from '../../../components/price-lines';

const UNKNOWN_FEE = 'Selon l’adresse';

/**
 * The price summary of the vehicle page, computed by the shared pricing code: a delivery or
 * collection fee whose address is not chosen yet reads 'Selon l’adresse' rather than a price.
 */
export function PriceSummary({
  quote,
  deliveryKnown,
  collection = null,
}: {
  quote: Quote | null;
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
  const lines = quoteLines(quote, { protection: 'none', collectedElsewhere: collection !== null });
  const shown = lines.map((line) => {
    if (line.label === DELIVERY_LINE && !deliveryKnown) return { ...line, note: UNKNOWN_FEE };
    if (line.label === COLLECTION_LINE && collection && !collection.known) {
      return { ...line, note: UNKNOWN_FEE };
    }
    return line;
  });
  return (
    <section aria-labelledby="recapitulatif-title" className="rounded-xl bg-ivory p-4">
      <h3 id="recapitulatif-title" className="sr-only">
        Récapitulatif du prix
      </h3>
      <PriceLines
        lines={shown}
        totalCents={quote.totalCents}
        depositCents={quote.depositCents}
        size="medium"
      />
    </section>
  );
}

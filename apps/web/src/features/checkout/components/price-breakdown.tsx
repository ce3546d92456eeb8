import type { QuoteResponse } from '@vroum/core/checkout';
import { PriceLines } from '../../../components/price-lines';
import { formatEuros } from '../../../lib/format';

/** The server's price lines, the total and the deposit shown apart: it is never charged. */
export function PriceBreakdown({ quote }: { quote: QuoteResponse }) {
  return (
    <div>
      <PriceLines lines={quote.lines} totalCents={quote.totalCents} />
      <DepositNote depositCents={quote.depositCents} />
    </div>
  );
}

/** The deposit: a card authorisation, released after the return without damage. */
export function DepositNote({ depositCents }: { depositCents: number }) {
  return (
    <div className="mt-4 rounded-2xl bg-ivory px-4 py-3 ring-1 ring-mist">
      <dl className="flex items-baseline justify-between gap-4 text-sm">
        <dt className="font-semibold text-ink">Caution</dt>
        <dd className="font-semibold whitespace-nowrap text-ink">{formatEuros(depositCents)}</dd>
      </dl>
      <p className="mt-1 text-xs leading-relaxed text-stone">
        Empreinte bancaire autorisée sur votre carte 24&nbsp;h avant la livraison, jamais
        débitée&nbsp;: elle est libérée après la restitution du véhicule sans dommage.
      </p>
    </div>
  );
}

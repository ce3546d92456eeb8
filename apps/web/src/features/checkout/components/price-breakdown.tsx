import type { QuoteResponse } from '@vroum/core/checkout';
import { clsx } from 'clsx';
import { formatEuros } from '../../../lib/format';

/** The server's price lines, the total and the deposit shown apart: it is never charged. */
export function PriceBreakdown({ quote }: { quote: QuoteResponse }) {
  return (
    <div>
      <dl className="space-y-2.5 text-sm">
        {quote.lines.map((line, index) => (
          <div key={`${line.label}-${index}`} className="flex justify-between gap-4">
            <dt className="min-w-0 text-graphite">{line.label}</dt>
            <dd
              className={clsx(
                'font-semibold whitespace-nowrap',
                line.amountCents < 0 ? 'text-success' : 'text-ink',
              )}
            >
              {line.amountCents === 0 ? 'Gratuite' : formatEuros(line.amountCents)}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t border-mist pt-3">
          <dt className="font-semibold text-ink">Total TTC</dt>
          <dd className="font-display text-3xl font-semibold whitespace-nowrap text-ink">
            {formatEuros(quote.totalCents)}
          </dd>
        </div>
      </dl>
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

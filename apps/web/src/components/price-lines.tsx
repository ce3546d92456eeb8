import type { PriceLine } from '@vroum/core/pricing-lines';
import { clsx } from 'clsx';
import { formatEuros } from '../lib/format';
import { KEEP_CLEAR } from './chat/keep-clear';

/** A line as shown: `note` replaces the amount while it is not known yet ('Selon l’adresse'). */
export interface ShownPriceLine extends PriceLine {
  note?: string;
}

const TOTAL_SIZE = {
  large: 'font-display text-3xl',
  medium: 'font-display text-2xl',
  plain: 'text-base',
} as const;

/**
 * The lines of a rental with their amounts, its total and, when given, its deposit: the one
 * rendering behind the vehicle page, the funnel, checkout and the booking's page. A line at 0 is
 * free (delivery, collection), a negative one a discount; a total not known yet reads '…'.
 */
export function PriceLines({
  lines,
  totalCents,
  depositCents,
  totalLabel = 'Total TTC',
  depositLabel = 'Caution (empreinte bancaire, non débitée)',
  size = 'large',
}: {
  lines: readonly ShownPriceLine[];
  totalCents: number | null;
  depositCents?: number;
  totalLabel?: string;
  depositLabel?: string;
  size?: keyof typeof TOTAL_SIZE;
}) {
  // The amounts, the total first among them: what the assistant's floating button never covers.
  return (
    <dl {...KEEP_CLEAR} className="space-y-2 text-sm">
      {lines.map((line, index) => (
        <div key={`${line.label}-${index}`} className="flex justify-between gap-4">
          <dt className="min-w-0 text-graphite">{line.label}</dt>
          <dd
            className={clsx(
              'font-semibold whitespace-nowrap',
              line.amountCents < 0 ? 'text-success' : 'text-ink',
            )}
          >
            {line.note ?? (line.amountCents === 0 ? 'Gratuite' : formatEuros(line.amountCents))}
          </dd>
        </div>
      ))}
      <div
        className={clsx(
          'flex items-baseline justify-between gap-4',
          lines.length > 0 && 'border-t border-mist pt-3',
        )}
      >
        <dt className="font-semibold text-ink">{totalLabel}</dt>
        <dd className={clsx('font-semibold whitespace-nowrap text-ink', TOTAL_SIZE[size])}>
          {totalCents === null ? '…' : formatEuros(totalCents)}
        </dd>
      </div>
      {depositCents !== undefined && (
        <div className="flex justify-between gap-4 text-xs text-stone">
          <dt>{depositLabel}</dt>
          <dd className="whitespace-nowrap">{formatEuros(depositCents)}</dd>
        </div>
      )}
    </dl>
  );
}

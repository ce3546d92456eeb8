import type { ProtectionPlan } from '@vroum/core/protection';
import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { formatEuros } from '../../../lib/format';
import { DetailsDisclosure } from './details-disclosure';

/**
 * One plan of the protection selector: a native radio (arrow keys move the choice within the
 * group) named by the plan, with its stars, price per day, former price and discount, excess, and a
 * 'Détails' disclosure listing what it covers.
 */
export function ProtectionPlanCard({
  plan,
  groupName,
  selected,
  onSelect,
  expanded,
  onToggleDetails,
}: {
  plan: ProtectionPlan;
  groupName: string;
  selected: boolean;
  onSelect: () => void;
  expanded: boolean;
  onToggleDetails: () => void;
}) {
  const id = useId();
  const nameId = `${id}-name`;
  const priceId = `${id}-price`;
  const excessId = `${id}-excess`;
  return (
    <li
      className={clsx(
        'rounded-2xl border bg-paper transition-colors',
        selected ? 'border-ink shadow-lg ring-1 shadow-ink/5 ring-ink' : 'border-mist',
      )}
    >
      <label
        className={clsx(
          'grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-t-2xl p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5',
          !selected && 'hover:bg-ivory/60',
        )}
      >
        <input
          type="radio"
          name={groupName}
          value={plan.id}
          checked={selected}
          onChange={onSelect}
          aria-labelledby={nameId}
          aria-describedby={`${priceId} ${excessId}`}
          className="mt-1.5 h-5 w-5 cursor-pointer accent-[var(--color-ink)]"
        />
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span id={nameId} className="font-display text-2xl leading-tight text-ink">
              {plan.name}
            </span>
            {plan.discountLabel && (
              <span className="rounded-full bg-gold-soft px-2.5 py-0.5 text-xs font-bold text-gold-deep">
                {plan.discountLabel}
              </span>
            )}
          </span>
          <Stars count={plan.stars} />
          <span id={excessId} className="mt-1 block text-sm text-graphite">
            <span className="sr-only">Franchise&nbsp;: </span>
            {plan.excess}
          </span>
        </span>
        <span
          id={priceId}
          className="col-start-2 flex flex-wrap items-baseline gap-x-2 sm:col-start-3 sm:flex-col sm:items-end sm:text-right"
        >
          {plan.originalPricePerDayCents !== undefined && (
            <span className="text-sm text-stone">
              <span className="sr-only">Au lieu de </span>
              <s>{formatEuros(plan.originalPricePerDayCents)}</s>
            </span>
          )}
          <span className="font-display text-2xl font-semibold whitespace-nowrap text-ink">
            {formatEuros(plan.pricePerDayCents)}
          </span>
          <span className="text-xs text-stone">par jour</span>
        </span>
      </label>
      <DetailsDisclosure
        expanded={expanded}
        subject={plan.name}
        onToggle={onToggleDetails}
        className="pr-4 pl-13 sm:pr-5 sm:pl-14"
      >
        <ul className="space-y-2 text-sm text-graphite">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <span
                aria-hidden="true"
                className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-gold-deep"
              />
              {feature}
            </li>
          ))}
        </ul>
      </DetailsDisclosure>
    </li>
  );
}

function Stars({ count }: { count: number }) {
  return (
    <span
      role="img"
      aria-label={`Niveau de protection\u00a0: ${count} sur 3`}
      className="mt-1.5 flex gap-0.5"
    >
      {[1, 2, 3].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={clsx(
            'h-4 w-4',
            star <= count ? 'fill-gold text-gold' : 'fill-transparent text-mist',
          )}
        />
      ))}
    </span>
  );
}

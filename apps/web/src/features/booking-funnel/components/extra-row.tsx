import type { Extra, ExtraIcon } from '@vroum/core/extras';
import { clsx } from 'clsx';
import { Baby, Shield, ShieldPlus, Snowflake, UserPlus, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { formatEuros } from '../../../lib/format';
import { DetailsDisclosure } from './details-disclosure';

const ICONS: Record<ExtraIcon, LucideIcon> = {
  'extra-driver': UserPlus,
  shield: Shield,
  'shield-plus': ShieldPlus,
  baby: Baby,
  snowflake: Snowflake,
};

/** An extra: a switch named by the extra, its price (2 decimals) and unit, and its 'Détails'. */
export function ExtraRow({
  extra,
  checked,
  onChange,
  expanded,
  onToggleDetails,
}: {
  extra: Extra;
  checked: boolean;
  onChange: (checked: boolean) => void;
  expanded: boolean;
  onToggleDetails: () => void;
}) {
  const id = useId();
  const switchId = `${id}-switch`;
  const priceId = `${id}-price`;
  const Icon = ICONS[extra.icon];
  const cents = 'pricePerDayCents' in extra ? extra.pricePerDayCents : extra.priceOneTimeCents;
  return (
    <li
      className={clsx(
        'rounded-2xl border bg-paper transition-colors',
        checked ? 'border-gold-deep/60 bg-ivory/60' : 'border-mist',
      )}
    >
      <div className="flex items-center gap-3 p-4 sm:gap-4 sm:p-5">
        <span
          aria-hidden="true"
          className={clsx(
            'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full ring-1',
            checked ? 'bg-ink text-gold ring-ink' : 'bg-ivory text-gold-deep ring-mist',
          )}
        >
          <Icon className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={switchId} className="cursor-pointer font-semibold text-ink">
            {extra.name}
          </label>
          <p id={priceId} className="text-sm text-stone">
            <span className="font-semibold whitespace-nowrap text-ink">{formatEuros(cents)}</span>{' '}
            {extra.unit}
          </p>
        </div>
        <span className="relative inline-flex h-7 w-12 shrink-0">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={priceId}
            className="peer absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none h-full w-full rounded-full bg-mist transition-colors peer-checked:bg-gold-deep peer-focus-visible:ring-2 peer-focus-visible:ring-gold peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-paper"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1 left-1 h-5 w-5 rounded-full bg-paper shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
      <DetailsDisclosure
        expanded={expanded}
        subject={extra.name}
        onToggle={onToggleDetails}
        className="pr-4 pl-[4.5rem] sm:pr-5 sm:pl-20"
      >
        <p className="text-sm leading-relaxed text-graphite">{extra.description}</p>
      </DetailsDisclosure>
    </li>
  );
}

import type { Quote } from '@vroum/core/pricing';
import type { ProtectionPlan } from '@vroum/core/protection';
import type { Vehicle } from '@vroum/core/vehicle';
import { CalendarDays, MapPin } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { IconFact } from '../../../components/ui/icon-fact';
import { formatEuros, formatLongDateTime } from '../../../lib/format';
import type { FunnelDraft } from '../funnel-draft';

const daysLabel = (days: number) => `${days} ${days > 1 ? 'jours' : 'jour'}`;

/**
 * The rental being booked: vehicle, dates, delivery address, the price lines computed by the
 * shared pricing code, the total and the deposit. `detailedOptions` lists each option (options
 * page) instead of their sum (protection page).
 */
export function RentalSummary({
  title,
  vehicle,
  draft,
  quote,
  plan,
  detailedOptions,
  children,
}: {
  title: string;
  vehicle: Vehicle;
  draft: FunnelDraft;
  quote: Quote;
  plan: ProtectionPlan;
  detailedOptions: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-3xl bg-paper shadow-xl ring-1 shadow-ink/10 ring-mist"
    >
      <div className="bg-gradient-to-b from-ivory to-paper px-5 pt-5 pb-4 md:px-6">
        <h2 id={titleId} className="eyebrow">
          {title}
        </h2>
        <div className="mt-3 flex items-center gap-4">
          <img
            src={vehicle.imageUrl}
            alt=""
            width={160}
            height={90}
            className="h-auto w-28 shrink-0 sm:w-36"
          />
          <div className="min-w-0">
            <p className="font-display text-2xl leading-tight text-ink">{vehicle.name}</p>
            <p className="text-xs font-semibold tracking-widest text-stone uppercase">
              {vehicle.category}
            </p>
          </div>
        </div>
      </div>
      <div className="space-y-5 px-5 pb-6 md:px-6">
        <dl className="space-y-3 text-sm">
          <IconFact icon={<CalendarDays className="h-4 w-4" />} label="Départ">
            {formatLongDateTime(draft.startDate)}
          </IconFact>
          <IconFact icon={<CalendarDays className="h-4 w-4" />} label="Retour">
            {formatLongDateTime(draft.endDate)}
          </IconFact>
          <IconFact icon={<MapPin className="h-4 w-4" />} label="Livraison">
            {draft.deliveryAddress}
          </IconFact>
          {draft.returnAddress && (
            <IconFact icon={<MapPin className="h-4 w-4" />} label="Restitution">
              {draft.returnAddress}
            </IconFact>
          )}
        </dl>
        <dl className="space-y-2 border-t border-mist pt-4 text-sm">
          <Line
            label={`${formatEuros(vehicle.pricePerDayCents)} × ${daysLabel(quote.days)}`}
            value={formatEuros(quote.basePriceCents)}
          />
          {quote.chauffeurCostCents > 0 && (
            <Line
              label={`Chauffeur\u00a0: ${quote.chauffeurHours}\u00a0h × 40,00\u00a0€`}
              value={formatEuros(quote.chauffeurCostCents)}
            />
          )}
          {quote.unlimitedKmCostCents > 0 && (
            <Line
              label={`Kilométrage illimité × ${daysLabel(quote.days)}`}
              value={formatEuros(quote.unlimitedKmCostCents)}
            />
          )}
          <Line
            label="Livraison"
            value={quote.deliveryFeeCents === 0 ? 'Gratuite' : formatEuros(quote.deliveryFeeCents)}
          />
          {draft.returnAddress && (
            <Line
              label="Restitution à une autre adresse"
              value={quote.returnFeeCents === 0 ? 'Gratuite' : formatEuros(quote.returnFeeCents)}
            />
          )}
          <Line label={plan.name} value={formatEuros(quote.protectionCostCents)} />
          {detailedOptions
            ? quote.optionLines.map((line) => (
                <Line key={line.id} label={line.name} value={formatEuros(line.amountCents)} />
              ))
            : quote.optionsCostCents > 0 && (
                <Line
                  label={`Options (${quote.optionLines.length})`}
                  value={formatEuros(quote.optionsCostCents)}
                />
              )}
          {detailedOptions && quote.optionLines.length === 0 && (
            <Line label="Options" value="Aucune" />
          )}
          <div className="flex items-baseline justify-between gap-4 border-t border-mist pt-3">
            <dt className="font-semibold text-ink">Total TTC</dt>
            <dd className="font-display text-3xl font-semibold whitespace-nowrap text-ink">
              {formatEuros(quote.totalCents)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 text-xs text-stone">
            <dt>Caution (empreinte bancaire, non débitée)</dt>
            <dd className="whitespace-nowrap">{formatEuros(quote.depositCents)}</dd>
          </div>
        </dl>
        {children}
      </div>
    </section>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="min-w-0 text-graphite">{label}</dt>
      <dd className="font-semibold whitespace-nowrap text-ink">{value}</dd>
    </div>
  );
}

import type { Quote } from '@vroum/core/pricing';
import { quoteLines } from '@vroum/core/pricing-lines';
import type { ProtectionPlan } from '@vroum/core/protection';
import type { Vehicle } from '@vroum/core/vehicle';
import { useId, type ReactNode } from 'react';
import { RentalItinerary } from '../../../components/rental-itinerary';
import { VehicleThumbnail } from '../../../components/vehicle-thumbnail';
import { PriceLines } from '../../../components/price-lines';
import { formatLongDateTime } from '../../../lib/format';
import type { BookingDraft } from '../../../lib/booking-draft';

/**
 * The rental being booked: vehicle, dates, delivery address, and its price lines as the server's
 * quote gives them, computed here by the shared pricing code while the customer chooses.
 */
export function RentalSummary({
  title,
  vehicle,
  draft,
  quote,
  plan,
  children,
}: {
  title: string;
  vehicle: Vehicle;
  draft: BookingDraft;
  quote: Quote;
  plan: ProtectionPlan;
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
          <VehicleThumbnail src={vehicle.imageUrl} className="h-auto w-28 shrink-0 sm:w-36" />
          <div className="min-w-0">
            <p className="font-display text-2xl leading-tight text-ink">{vehicle.name}</p>
            <p className="text-xs font-semibold tracking-widest text-stone uppercase">
              {vehicle.category}
            </p>
          </div>
        </div>
      </div>
      <div className="space-y-5 px-5 pb-6 md:px-6">
        <RentalItinerary
          start={formatLongDateTime(draft.startDate)}
          end={formatLongDateTime(draft.endDate)}
          delivery={draft.deliveryAddress}
          collection={draft.returnAddress}
        />
        <div className="border-t border-mist pt-4">
          <PriceLines
            lines={quoteLines(quote, {
              protection: plan.id,
              collectedElsewhere: Boolean(draft.returnAddress),
            })}
            totalCents={quote.totalCents}
            depositCents={quote.depositCents}
          />
        </div>
        {children}
      </div>
    </section>
  );
}

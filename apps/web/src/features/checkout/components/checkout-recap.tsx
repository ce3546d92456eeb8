import type { CheckoutDraft } from '@vroum/core/booking-draft';
import type { QuoteResponse } from '@vroum/core/checkout';
import type { Vehicle } from '@vroum/core/vehicle';
import { memo } from 'react';
import { PriceLines } from '../../../components/price-lines';
import { RentalItinerary } from '../../../components/rental-itinerary';
import { VehicleThumbnail } from '../../../components/vehicle-thumbnail';
import { rentalChoices, rentalDate, visitWindows } from './rental-facts';

/**
 * The rental being paid, beside the form: vehicle, dates, delivery, the server's total.
 * Memoised: typing the driver's details leaves it as it is.
 */
export const CheckoutRecap = memo(function CheckoutRecap({
  state,
  vehicle,
  quote,
}: {
  state: CheckoutDraft;
  /** Undefined while it loads: its name and picture wait, the rental's facts do not. */
  vehicle: Vehicle | undefined;
  quote: QuoteResponse | undefined;
}) {
  const choices = rentalChoices(state);
  return (
    <section
      aria-labelledby="checkout-recap-title"
      className="overflow-hidden rounded-3xl bg-paper shadow-xl ring-1 shadow-ink/10 ring-mist"
    >
      <div className="flex items-center gap-4 bg-gradient-to-b from-ivory to-paper px-5 pt-5 pb-4 md:px-6">
        {vehicle ? (
          <VehicleThumbnail src={vehicle.imageUrl} className="h-auto w-28 shrink-0 sm:w-36" />
        ) : (
          <div className="aspect-video w-28 shrink-0 animate-pulse rounded-xl bg-mist/60 sm:w-36" />
        )}
        <div className="min-w-0">
          <h2 id="checkout-recap-title" className="eyebrow">
            Votre réservation
          </h2>
          <p className="mt-1 font-display text-2xl leading-tight text-ink">
            {vehicle?.name ?? '…'}
          </p>
          <p className="text-xs font-semibold tracking-widest text-stone uppercase">
            {vehicle?.category}
          </p>
        </div>
      </div>
      <div className="space-y-5 px-5 pb-6 md:px-6">
        <RentalItinerary
          start={rentalDate(state.startDate)}
          end={rentalDate(state.endDate)}
          delivery={state.deliveryAddress || 'Non renseignée'}
          collection={state.returnAddress}
        />
        {visitWindows(state) && <p className="text-xs text-stone">{visitWindows(state)}</p>}
        <p className="border-t border-mist pt-4 text-sm text-graphite">
          {choices.protection} · Options&nbsp;: {choices.options}
        </p>
        <div className="border-t border-mist pt-4">
          <PriceLines
            lines={[]}
            totalCents={quote ? quote.totalCents : null}
            depositCents={quote?.depositCents ?? vehicle?.depositCents}
          />
        </div>
      </div>
    </section>
  );
});

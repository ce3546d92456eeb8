import { frenchSpacing } from '@vroum/core/french-typography';
import type { PeriodPrice } from '@vroum/core/availability';
import type { Vehicle } from '@vroum/core/vehicle';
import { CARD_IMAGE_SIZES } from '@vroum/core/vehicle-photo-sources';
import { resolveFeatures } from '@vroum/core/vehicle-features';
import { clsx } from 'clsx';
import { ArrowUpRight, Cog, Luggage, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { VehiclePicture } from '../../../components/vehicle-picture';
import { formatEuros, formatPrice } from '../../../lib/format';
import { Link } from '../../../lib/navigation';

/** The cards a phone or a desktop shows before any scrolling: their images load at once. */
export const CARDS_IN_FIRST_VIEW = 3;

/**
 * One vehicle of the fleet or of the search results. The whole card leads to the vehicle page
 * (a stretched link on the name), carrying the booking context in `contextQuery`.
 */
export function VehicleCard({
  vehicle,
  contextQuery,
  unavailable = false,
  periodPrice,
  favoriteSlot,
  inFirstView = false,
}: {
  vehicle: Vehicle;
  /** '' or '?address=…&start=…&end=…&deliveryFee=…' (see vehicleContextQuery). */
  contextQuery: string;
  /** Already booked during the period of the booking context: greyed, still reachable. */
  unavailable?: boolean;
  /** The car's price for the period of the booking context, as the server computed it. */
  periodPrice?: PeriodPrice;
  /** A control shown over the top-right corner of the image (the favourite toggle). */
  favoriteSlot?: ReactNode;
  /** Among the first cards (CARDS_IN_FIRST_VIEW): the image is fetched at once, not when near. */
  inFirstView?: boolean;
}) {
  const features = resolveFeatures(vehicle.features);
  const statusId = useId();
  return (
    <article
      className={clsx(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl bg-paper shadow-sm ring-1 ring-mist transition',
        'hover:-translate-y-0.5 hover:shadow-xl',
        // The focused name lights the whole card, with a line dark enough on light backgrounds.
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-gold-deep',
      )}
    >
      <div
        className={clsx(
          'relative',
          vehicle.mainPhoto
            ? 'overflow-hidden bg-mist'
            : 'bg-gradient-to-b from-ivory to-paper px-5 pt-12 pb-2',
        )}
      >
        {vehicle.mainPhoto ? (
          // The team's photo fills the top of the card, in 3:2 (about an illustration's height); the
          // name below says what it shows.
          <VehiclePicture
            photo={vehicle.mainPhoto}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            eager={inFirstView}
            className={clsx(
              'aspect-[3/2] w-full object-cover transition duration-500 group-hover:scale-105',
              unavailable && 'opacity-40 grayscale',
            )}
          />
        ) : (
          <img
            src={vehicle.imageUrl}
            alt=""
            width={800}
            height={450}
            loading={inFirstView ? 'eager' : 'lazy'}
            fetchPriority={inFirstView ? 'high' : 'auto'}
            decoding={inFirstView ? 'auto' : 'async'}
            sizes={CARD_IMAGE_SIZES}
            className={clsx(
              'aspect-[16/9] w-full object-contain transition duration-500 group-hover:scale-105',
              unavailable && 'opacity-40 grayscale',
            )}
          />
        )}
        <span className="absolute top-4 left-4 rounded-full bg-ink px-3 py-1 text-[0.7rem] font-semibold tracking-[0.16em] text-gold uppercase">
          {vehicle.category}
        </span>
        {favoriteSlot && <div className="absolute top-3 right-3 z-10">{favoriteSlot}</div>}
      </div>

      <div className="flex flex-1 flex-col px-6 pt-3 pb-6">
        <h3 className="font-display text-[1.7rem] leading-tight text-ink">
          <Link
            to={`/vehicule/${vehicle.slug}${contextQuery}`}
            aria-describedby={unavailable ? statusId : undefined}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl"
          >
            {vehicle.name}
          </Link>
        </h3>
        {unavailable && (
          <p
            id={statusId}
            className="mt-2 inline-flex w-fit items-center gap-1.5 rounded-full bg-mist px-3 py-1 text-xs font-semibold text-graphite"
          >
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-danger" />
            Indisponible à ces dates
          </p>
        )}
        {vehicle.description && (
          <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-graphite">
            {frenchSpacing(vehicle.description)}
          </p>
        )}

        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-graphite">
          <li className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {features.seats} places
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Cog className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {features.transmission}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Luggage className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {features.luggage} {features.luggage > 1 ? 'bagages' : 'bagage'}
          </li>
        </ul>

        <div className="mt-auto pt-5">
          <div className="flex items-end justify-between gap-4 border-t border-mist pt-4">
            <div>
              <p className="text-sm text-stone">
                dès{' '}
                <span className="font-display text-3xl font-semibold text-ink">
                  {formatPrice(vehicle.pricePerDayCents)}
                </span>{' '}
                / jour
              </p>
              {periodPrice && (
                <p className="mt-0.5 text-sm text-graphite">
                  <span className="font-semibold text-ink tabular-nums">
                    {formatEuros(periodPrice.totalCents)}
                  </span>{' '}
                  {`pour ${periodPrice.days} ${periodPrice.days > 1 ? 'jours' : 'jour'}`}
                </p>
              )}
              <p className="mt-0.5 text-xs text-stone">
                Caution {formatPrice(vehicle.depositCents)}
              </p>
            </div>
            <span
              aria-hidden="true"
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-ink text-gold transition-colors group-hover:bg-gold group-hover:text-ink"
            >
              <ArrowUpRight className="h-5 w-5" />
            </span>
          </div>
        </div>
      </div>
    </article>
  );
}

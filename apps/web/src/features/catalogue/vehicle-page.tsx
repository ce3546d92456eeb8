import { frenchSpacing } from '@vroum/core/french-typography';
import type { VehicleDetail } from '@vroum/core/vehicle';
import { vehiclePhotoSources } from '@vroum/core/vehicle-photo-sources';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FavoriteToggle } from '../../components/favorite-toggle';
import { ButtonLink } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { readVehicleContext } from '../../lib/booking-params';
import { formatEuros, formatPrice } from '../../lib/format';
import { Link } from '../../lib/navigation';
import { site } from '../../lib/site';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useVehicle } from './api/get-vehicle';
import { BookingPanel } from './components/booking-panel';
import { SupercarConditions } from './components/supercar-conditions';
import { VehicleCharacteristics } from './components/vehicle-characteristics';
import { VehicleGallery } from './components/vehicle-gallery';
import { VehicleReviews } from './components/vehicle-reviews';

/** /vehicule/{slug}: the vehicle, its characteristics and the booking form (booking step 1). */
export function VehiclePage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = useVehicle(slug);
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;

  useEffect(() => {
    if (query.isError && !notFound) {
      notify.error('Erreur', 'Impossible de charger les informations du véhicule');
    }
  }, [query.isError, notFound]);

  if (notFound) return <VehicleNotFound />;
  // When loading fails the page stays in its loading state (with the toast).
  if (!query.data) return <VehicleSkeleton />;
  return <VehicleDetails vehicle={query.data} searchParams={searchParams} />;
}

function VehicleDetails({
  vehicle,
  searchParams,
}: {
  vehicle: VehicleDetail;
  searchParams: URLSearchParams;
}) {
  const context = readVehicleContext(searchParams);
  usePageMeta(
    `${vehicle.name} en location`,
    `Louez la ${vehicle.name} (${vehicle.category}) à partir de ${formatPrice(
      vehicle.pricePerDayCents,
    )} par jour, livrée à votre adresse. Caution ${formatPrice(vehicle.depositCents)}.`,
  );
  useProductJsonLd(vehicle);
  return (
    <div className="bg-paper">
      <div className="container-page py-8 md:py-12">
        <Link
          to="/flotte"
          className="inline-flex items-center gap-2 text-sm font-medium text-stone hover:text-ink"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour à la flotte
        </Link>
        <div className="mt-6 grid gap-10 lg:grid-cols-[1.35fr_1fr] lg:gap-14">
          <div className="space-y-10">
            <VehicleGallery vehicle={vehicle} />
            <header>
              <p className="inline-flex rounded-full bg-ink px-3 py-1 text-xs font-semibold tracking-widest text-gold uppercase">
                {vehicle.category}
              </p>
              <div className="mt-4 flex items-start justify-between gap-4">
                <h1 className="font-display text-5xl leading-tight text-ink md:text-6xl">
                  {vehicle.name}
                </h1>
                <FavoriteToggle vehicleId={vehicle.id} className="mt-1 md:mt-2" />
              </div>
              {vehicle.description && (
                <p className="mt-4 max-w-2xl text-lg leading-relaxed text-graphite">
                  {frenchSpacing(vehicle.description)}
                </p>
              )}
              <dl className="mt-6 flex flex-wrap gap-x-10 gap-y-4">
                <div>
                  <dt className="text-xs font-semibold tracking-widest text-stone uppercase">
                    Prix par jour
                  </dt>
                  <dd className="font-display text-3xl text-ink">
                    {formatEuros(vehicle.pricePerDayCents)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold tracking-widest text-stone uppercase">
                    Caution
                  </dt>
                  <dd className="font-display text-3xl text-ink">
                    {formatEuros(vehicle.depositCents)}
                  </dd>
                </div>
              </dl>
              <p className="mt-4 flex items-start gap-2 text-sm text-stone">
                <ShieldCheck
                  className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep"
                  aria-hidden="true"
                />
                Caution prise en empreinte bancaire, jamais débitée, libérée après la restitution du
                véhicule sans dommage.
              </p>
            </header>
            <VehicleCharacteristics vehicle={vehicle} />
            <SupercarConditions vehicle={vehicle} />
            <VehicleReviews slug={vehicle.slug} />
          </div>
          <div className="lg:sticky lg:top-28 lg:self-start">
            <BookingPanel vehicle={vehicle} context={context} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Describes the rental offer to search engines (schema.org Product with an Offer). */
function useProductJsonLd(vehicle: VehicleDetail) {
  useEffect(() => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `Location ${vehicle.name}`,
      description: vehicle.description ?? undefined,
      image: vehicle.photos.length
        ? vehicle.photos.map((photo) =>
            new URL(vehiclePhotoSources(photo).jpeg.src, site.publicUrl).toString(),
          )
        : new URL(vehicle.imageUrl, site.publicUrl).toString(),
      brand: { '@type': 'Brand', name: vehicle.brand },
      category: vehicle.category,
      offers: {
        '@type': 'Offer',
        price: (vehicle.pricePerDayCents / 100).toFixed(2),
        priceCurrency: 'EUR',
        availability: vehicle.isAvailable
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
        url: new URL(`/vehicule/${vehicle.slug}`, site.publicUrl).toString(),
        seller: { '@type': 'Organization', name: site.brandName },
      },
    });
    document.head.append(script);
    return () => script.remove();
  }, [vehicle]);
}

function VehicleNotFound() {
  usePageMeta('Véhicule non trouvé');
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <h1 className="font-display text-4xl text-ink">Véhicule non trouvé</h1>
      <p className="max-w-md text-stone">
        Ce véhicule n’existe pas ou n’est plus proposé. Découvrez les autres modèles de notre
        flotte.
      </p>
      <ButtonLink to="/flotte" variant="primary">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Retour à la flotte
      </ButtonLink>
    </section>
  );
}

function VehicleSkeleton() {
  return (
    <div className="container-page py-12" aria-busy="true" aria-label="Chargement du véhicule">
      <div className="grid gap-10 lg:grid-cols-[1.35fr_1fr]" aria-hidden="true">
        <div className="space-y-6">
          <div className="aspect-[16/9] animate-pulse rounded-3xl bg-mist/70" />
          <div className="h-12 w-2/3 animate-pulse rounded-xl bg-mist/70" />
          <div className="h-24 animate-pulse rounded-xl bg-mist/50" />
        </div>
        <div className="h-[28rem] animate-pulse rounded-3xl bg-mist/50" />
      </div>
    </div>
  );
}

export { VehiclePage as Component };

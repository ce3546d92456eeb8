import type { PeriodPrice } from '@vroum/core/availability';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FavoriteToggle } from '../../components/favorite-toggle';
import { PageHero } from '../../components/content/page-hero';
import { Button, ButtonLink } from '../../components/ui/button';
import { hasPeriod, readVehicleContext, vehicleContextQuery } from '../../lib/booking-params';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSearchVehicles } from './api/search-vehicles';
import { BookingSummary } from './components/booking-summary';
import { CatalogueMessage } from './components/catalogue-message';
import { CARDS_IN_FIRST_VIEW, VehicleCard } from './components/vehicle-card';
import { VehicleGrid, VehicleGridSkeleton } from './components/vehicle-grid';

/** The count heading; with more pages to load, the count is a lower bound. */
const availableCount = (count: number, more: boolean) => {
  if (more) return `Plus de ${count} véhicules disponibles`;
  return count > 1 ? `${count} véhicules disponibles` : `${count} véhicule disponible`;
};

/**
 * /recherche?address&start&end&deliveryFee: the vehicles free during the whole period. A failed
 * search is only logged: the customer sees the same empty state as when nothing is free.
 */
export function SearchPage() {
  usePageMeta(
    'Véhicules disponibles',
    'Les véhicules libres aux dates de votre location, livrés à l’adresse de votre choix.',
  );
  const [params] = useSearchParams();
  const context = useMemo(() => readVehicleContext(params), [params]);
  const query = useSearchVehicles({ start: context.start, end: context.end }, hasPeriod(context));

  useEffect(() => {
    if (query.error) console.error('La recherche de véhicules a échoué', query.error);
  }, [query.error]);

  const vehicles = useMemo(
    () => query.data?.pages.flatMap((page) => page.vehicles) ?? [],
    [query.data],
  );
  const prices = useMemo(
    (): Record<string, PeriodPrice> =>
      Object.assign({}, ...(query.data?.pages.map((page) => page.periodPrices) ?? [])),
    [query.data],
  );
  const showMore = () =>
    void query.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) {
        notify.error('Erreur', 'Impossible d’afficher plus de véhicules. Veuillez réessayer.');
      }
    });
  const loading = hasPeriod(context) && query.isPending;
  const listLabel = 'Véhicules disponibles';

  return (
    <>
      <PageHero eyebrow="Votre recherche" title="Véhicules disponibles" compact>
        Les véhicules libres pendant toute la durée de votre location, livrés à l’adresse de votre
        choix.
      </PageHero>

      <div className="container-page space-y-8 py-10 md:py-14">
        <ButtonLink to="/" variant="ghost" size="sm" className="-ml-4">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Retour à l’accueil
        </ButtonLink>

        <BookingSummary title="Vos critères" context={context} showFreeDelivery={false} />

        {loading ? (
          <VehicleGridSkeleton label={listLabel} wide />
        ) : vehicles.length === 0 ? (
          <CatalogueMessage
            icon={SearchX}
            title="Aucun véhicule disponible"
            actions={
              <ButtonLink to="/#reserver" variant="outline">
                Modifier ma recherche
              </ButtonLink>
            }
          >
            <p>Essayez de modifier vos critères de recherche</p>
          </CatalogueMessage>
        ) : (
          <section aria-labelledby="search-results-title" className="space-y-6">
            <h2 id="search-results-title" className="font-display text-3xl text-ink">
              {availableCount(vehicles.length, query.hasNextPage)}
            </h2>
            <VehicleGrid label={listLabel} wide>
              {vehicles.map((vehicle, index) => (
                <li key={vehicle.id}>
                  <VehicleCard
                    vehicle={vehicle}
                    inFirstView={index < CARDS_IN_FIRST_VIEW}
                    contextQuery={vehicleContextQuery(context)}
                    periodPrice={prices[vehicle.id]}
                    favoriteSlot={
                      <FavoriteToggle vehicleId={vehicle.id} vehicleName={vehicle.name} />
                    }
                  />
                </li>
              ))}
            </VehicleGrid>
            {query.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={showMore}
                  disabled={query.isFetchingNextPage}
                  aria-busy={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Chargement...' : 'Afficher plus de véhicules'}
                </Button>
              </div>
            )}
          </section>
        )}
      </div>
    </>
  );
}

export { SearchPage as Component };

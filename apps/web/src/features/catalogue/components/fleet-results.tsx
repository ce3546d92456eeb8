import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { Button } from '../../../components/ui/button';
import type { FleetResponse } from '../api/get-vehicles';
import type { Vehicle } from '@vroum/core/vehicle';
import { CatalogueMessage } from './catalogue-message';
import { CARDS_IN_FIRST_VIEW, VehicleCard } from './vehicle-card';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

/** The list of one tab: loading, failure, nothing left after the filters, or the cards. */
export function FleetResults({
  query,
  vehicles,
  label,
  contextQuery,
  onReset,
}: {
  query: UseQueryResult<FleetResponse>;
  /** The tab's vehicles after the filters and sort. */
  vehicles: Vehicle[];
  label: string;
  contextQuery: string;
  /** Clears the filters; absent when none is set. */
  onReset?: () => void;
}) {
  if (query.isPending || (query.isError && query.isFetching)) {
    return <VehicleGridSkeleton label={label} />;
  }
  if (query.isError) {
    return (
      <CatalogueMessage
        role="alert"
        headingLevel="h3"
        icon={TriangleAlert}
        title="Impossible de charger les véhicules"
        actions={
          <Button onClick={() => void query.refetch()}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Réessayer
          </Button>
        }
      >
        <p>Vérifiez votre connexion internet, puis réessayez dans un instant.</p>
      </CatalogueMessage>
    );
  }
  if (vehicles.length === 0) {
    return (
      <CatalogueMessage
        headingLevel="h3"
        icon={SearchX}
        title="Aucun véhicule disponible avec ces critères"
        actions={
          onReset && (
            <Button variant="outline" onClick={onReset}>
              Effacer les filtres
            </Button>
          )
        }
      >
        <p>Élargissez la fourchette de prix ou retirez un filtre pour voir plus de véhicules.</p>
      </CatalogueMessage>
    );
  }
  const unavailable = new Set(query.data.unavailableVehicleIds);
  return (
    <VehicleGrid label={label}>
      {vehicles.map((vehicle, index) => (
        <li key={vehicle.id}>
          <VehicleCard
            vehicle={vehicle}
            inFirstView={index < CARDS_IN_FIRST_VIEW}
            contextQuery={contextQuery}
            unavailable={unavailable.has(vehicle.id)}
            periodPrice={query.data.periodPrices?.[vehicle.id]}
            favoriteSlot={<FavoriteToggle vehicleId={vehicle.id} vehicleName={vehicle.name} />}
          />
        </li>
      ))}
    </VehicleGrid>
  );
}

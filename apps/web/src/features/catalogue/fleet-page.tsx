import { CarFront, SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { PageHero } from '../../components/content/page-hero';
import { Sheet } from '../../components/ui/sheet';
import { vehicleContextQuery } from '../../lib/booking-params';
import { Link } from '../../lib/navigation';
import { usePageMeta } from '../../lib/use-page-meta';
import { useFleetVehicles } from './api/use-fleet-vehicles';
import { ActiveFilterChips } from './components/active-filter-chips';
import { BookingSummary } from './components/booking-summary';
import { CatalogueMessage } from './components/catalogue-message';
import { FleetFilterPanel } from './components/fleet-filter-panel';
import { FleetResults } from './components/fleet-results';
import { FleetTabs, fleetTabId } from './components/fleet-tabs';
import { SortSelect } from './components/sort-select';
import { DEFAULT_SORT, applyFleetView, countActiveFilters } from './fleet-view';
import { useFleetState } from './use-fleet-state';

const vehicleCount = (count: number) =>
  count === 0 ? 'Aucun véhicule' : `${count} ${count > 1 ? 'véhicules' : 'véhicule'}`;

/** /flotte: the four categories as tabs, filters and sort in the URL, the booking context. */
export function FleetPage() {
  usePageMeta(
    'Notre flotte',
    'Citadines, berlines premium, SUV de luxe et supercars livrés à votre adresse\u00a0: comparez nos véhicules par prix, boîte de vitesses et nombre de places.',
  );
  const fleet = useFleetState();
  const { query, periodError } = useFleetVehicles(fleet.tab?.category, fleet.context);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  const vehicles = useMemo(
    () =>
      query.data && fleet.category
        ? applyFleetView(query.data.vehicles, fleet.filters, fleet.category)
        : [],
    [query.data, fleet.filters, fleet.category],
  );
  const activeCount = countActiveFilters(fleet.filters, fleet.homeFilter !== null);
  const canReset = activeCount > 0 || fleet.filters.sort !== DEFAULT_SORT;
  const listLabel = fleet.tab ? `Véhicules ${fleet.tab.label}` : '';

  return (
    <>
      <PageHero
        eyebrow="La flotte"
        title="Notre flotte"
        compact
        after={
          <div className="mt-8">
            <FleetTabs
              selected={fleet.tab?.value}
              onSelect={fleet.selectTab}
              idPrefix={idPrefix}
              panelId={panelId}
            />
          </div>
        }
      >
        Des citadines aux supercars, treize véhicules entretenus par nos soins et livrés à l’adresse
        de votre choix.
      </PageHero>

      <div className="container-page space-y-8 py-10 md:py-14">
        <BookingSummary
          title="Votre réservation"
          context={fleet.context}
          showFreeDelivery
          action={
            <Link
              to="/#reserver"
              className="text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
            >
              Modifier
            </Link>
          }
          note={
            periodError && (
              <p>Les disponibilités n’ont pas pu être vérifiées pour ces dates. {periodError}</p>
            )
          }
        />

        {!fleet.tab ? (
          <CatalogueMessage
            icon={CarFront}
            title="Choisissez une catégorie pour découvrir nos véhicules."
          >
            <p>
              Standard, Premium, Luxe ou Super Cars&nbsp;: chaque gamme a ses atouts, à vous de
              choisir.
            </p>
          </CatalogueMessage>
        ) : (
          <div
            id={panelId}
            role="tabpanel"
            aria-labelledby={fleetTabId(idPrefix, fleet.tab.value)}
            className="lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:items-start lg:gap-10"
          >
            <FiltersAside headingId={`${idPrefix}-filters`} fleet={fleet} canReset={canReset} />

            <section aria-labelledby={`${idPrefix}-results`} className="min-w-0 space-y-6">
              <h2 id={`${idPrefix}-results`} className="sr-only">
                {listLabel}
              </h2>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
                <FiltersButton
                  activeCount={activeCount}
                  expanded={filtersOpen}
                  onOpen={() => setFiltersOpen(true)}
                />
                <p
                  role="status"
                  className="order-last w-full text-sm text-stone lg:order-none lg:w-auto"
                >
                  {query.isSuccess && vehicleCount(vehicles.length)}
                </p>
                <div className="ml-auto">
                  <SortSelect
                    value={fleet.filters.sort}
                    onChange={(sort) => fleet.updateFilters({ sort })}
                  />
                </div>
              </div>
              <ActiveFilterChips
                filters={fleet.filters}
                homeFilter={fleet.homeFilter}
                onChange={fleet.updateFilters}
                onClearHomeFilter={fleet.clearHomeFilter}
              />
              <FleetResults
                query={query}
                vehicles={vehicles}
                label={listLabel}
                contextQuery={vehicleContextQuery(fleet.context)}
                onReset={canReset ? fleet.resetFilters : undefined}
              />
            </section>
          </div>
        )}
      </div>

      <Sheet
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filtres"
        closeLabel="Fermer les filtres"
        className="bg-paper text-ink"
      >
        <FleetFilterPanel filters={fleet.filters} onChange={fleet.updateFilters} />
        <div className="sticky bottom-0 mt-auto flex gap-3 border-t border-mist bg-paper pt-4">
          <Button variant="ghost" onClick={fleet.resetFilters} disabled={!canReset}>
            Réinitialiser
          </Button>
          <Button className="flex-1 whitespace-nowrap" onClick={() => setFiltersOpen(false)}>
            {vehicles.length > 0 ? `Voir ${vehicleCount(vehicles.length)}` : 'Voir les résultats'}
          </Button>
        </div>
      </Sheet>
    </>
  );
}

/** The filters beside the results on a wide screen, with 'Réinitialiser' once one is set. */
function FiltersAside({
  headingId,
  fleet,
  canReset,
}: {
  headingId: string;
  fleet: ReturnType<typeof useFleetState>;
  canReset: boolean;
}) {
  return (
    <aside
      aria-labelledby={headingId}
      className="hidden rounded-2xl bg-ivory p-6 ring-1 ring-mist lg:sticky lg:top-28 lg:block"
    >
      <div className="mb-6 flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl text-ink">
          Filtres
        </h2>
        {canReset && (
          <button
            type="button"
            onClick={fleet.resetFilters}
            className="text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
          >
            Réinitialiser
          </button>
        )}
      </div>
      <FleetFilterPanel filters={fleet.filters} onChange={fleet.updateFilters} />
    </aside>
  );
}

/** On a phone, 'Filtres' opens the filters' sheet; it counts the filters set. */
function FiltersButton({
  activeCount,
  expanded,
  onOpen,
}: {
  activeCount: number;
  expanded: boolean;
  onOpen: () => void;
}) {
  return (
    <Button
      variant="outline"
      className="lg:hidden"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
      Filtres
      {activeCount > 0 && (
        <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold px-1.5 text-xs text-ink">
          {activeCount}
          <span className="sr-only">{activeCount > 1 ? ' filtres actifs' : ' filtre actif'}</span>
        </span>
      )}
    </Button>
  );
}

export { FleetPage as Component };

import { useTabParam } from '../../../components/ui/tabs';
import { BookingsTab } from './bookings-tab';
import { DamageClaimsTab } from './damage-claims-tab';
import { DisputesSection } from './disputes-section';
import { FleetBlocksView } from './fleet-blocks-view';
import { IdentityReviewButton } from './identity-review-dialog';
import { PlanningView } from './planning-view';
import { ToggleGroup } from './toggle-group';

const VIEWS = [
  { value: 'list', label: 'Liste' },
  { value: 'planning', label: 'Planning' },
  { value: 'blocks', label: 'Immobilisations' },
  { value: 'dommages', label: 'Dommages' },
] as const;
const VIEW_VALUES = VIEWS.map((item) => item.value);

/**
 * Réservations: the list of bookings, the planning of deliveries and returns, the cars taken
 * out of service (fleet blocks), or the damage found at the returns and the customers' disputes
 * (the console keeps the five tabs the specification fixes). The view is in the address:
 * '/admin?tab=reservations&vue=dommages' opens the damage.
 */
export function ReservationsTab() {
  const [view, setView] = useTabParam(VIEW_VALUES, 'list', 'vue');
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Réservations</h2>
        <div className="flex flex-wrap items-center gap-3">
          <ToggleGroup
            label="Affichage"
            options={VIEWS}
            value={view}
            onChange={setView}
            look="segmented"
          />
          <IdentityReviewButton />
        </div>
      </div>
      {view === 'list' && <BookingsTab />}
      {view === 'planning' && <PlanningView />}
      {view === 'blocks' && <FleetBlocksView />}
      {view === 'dommages' && (
        <div className="mt-8">
          <DamageClaimsTab />
          <DisputesSection />
        </div>
      )}
    </div>
  );
}

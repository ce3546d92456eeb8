import { useState } from 'react';
import { BookingsTab } from './bookings-tab';
import { FleetBlocksView } from './fleet-blocks-view';
import { IdentityReviewButton } from './identity-review-dialog';
import { PlanningView } from './planning-view';
import { ToggleGroup } from './toggle-group';

const VIEWS = [
  { value: 'list', label: 'Liste' },
  { value: 'planning', label: 'Planning' },
  { value: 'blocks', label: 'Immobilisations' },
] as const;

/**
 * Réservations: the list of bookings, the planning of deliveries and returns, or the cars taken
 * out of service (fleet blocks).
 */
export function ReservationsTab() {
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('list');
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
    </div>
  );
}

import { useState } from 'react';
import { BookingsTab } from './bookings-tab';
import { IdentityReviewButton } from './identity-review-dialog';
import { PlanningView } from './planning-view';

const VIEWS = [
  { value: 'list', label: 'Liste' },
  { value: 'planning', label: 'Planning' },
] as const;

/** Réservations: the list of bookings, or the planning of deliveries and returns. */
export function ReservationsTab() {
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('list');
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Réservations</h2>
        <div className="flex flex-wrap items-center gap-3">
          <div role="group" aria-label="Affichage" className="flex rounded-full bg-ivory p-1">
            {VIEWS.map((item) => (
              <button
                key={item.value}
                type="button"
                aria-pressed={view === item.value}
                onClick={() => setView(item.value)}
                className={`min-h-10 rounded-full px-4 text-sm font-semibold ${
                  view === item.value ? 'bg-ink text-paper' : 'text-ink'
                }`}
              >
                {item.label}
              </button>
            ))}
          </div>
          <IdentityReviewButton />
        </div>
      </div>
      {view === 'list' ? <BookingsTab /> : <PlanningView />}
    </div>
  );
}

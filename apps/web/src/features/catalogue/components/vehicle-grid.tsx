import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const SKELETON_COUNT = 6;

// On a phone, one column as wide as the list (not as the widest card); the cards below the first
// screen are drawn when near it.
const gridClass = (wide: boolean) =>
  clsx(
    'grid grid-cols-1 gap-6 *:drawn-when-near-132 sm:grid-cols-2',
    wide ? 'lg:grid-cols-3' : 'xl:grid-cols-3',
  );

/** The list of vehicle cards. `wide` when there is no filter sidebar beside it. */
export function VehicleGrid({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={gridClass(wide)}>
      {children}
    </ul>
  );
}

/** Six placeholder cards while the list loads; screen readers hear the status line only. */
export function VehicleGridSkeleton({ label, wide = false }: { label: string; wide?: boolean }) {
  return (
    <>
      <p role="status" className="sr-only">
        Chargement des véhicules…
      </p>
      <ul aria-label={label} aria-busy="true" className={gridClass(wide)}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <li
            key={index}
            aria-hidden="true"
            className="overflow-hidden rounded-2xl bg-paper shadow-sm ring-1 ring-mist"
          >
            <div className="animate-pulse">
              <div className="aspect-[16/11] bg-gradient-to-b from-ivory to-mist/60" />
              <div className="space-y-3 px-6 pt-4 pb-6">
                <div className="h-7 w-2/3 rounded-full bg-mist" />
                <div className="h-3.5 w-full rounded-full bg-mist/70" />
                <div className="h-3.5 w-4/5 rounded-full bg-mist/70" />
                <div className="flex flex-wrap gap-4 pt-2">
                  <div className="h-4 w-16 rounded-full bg-mist/70" />
                  <div className="h-4 w-20 rounded-full bg-mist/70" />
                  <div className="h-4 w-16 rounded-full bg-mist/70" />
                </div>
                <div className="mt-8 flex items-end justify-between border-t border-mist pt-4">
                  <div className="h-8 w-32 rounded-full bg-mist" />
                  <div className="h-11 w-11 rounded-full bg-mist" />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

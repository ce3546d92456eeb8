import { FLEET_TABS, type FleetTab } from '@vroum/core/fleet-filters';
import { clsx } from 'clsx';
import { useRef, type KeyboardEvent } from 'react';

export const fleetTabId = (idPrefix: string, value: FleetTab) => `${idPrefix}-tab-${value}`;

/**
 * The four categories as tabs (WAI-ARIA APG tabs with automatic activation): one tab stop, the
 * arrow keys, Home and End move between tabs and select them.
 */
export function FleetTabs({
  selected,
  onSelect,
  idPrefix,
  panelId,
}: {
  selected: FleetTab | undefined;
  onSelect: (value: FleetTab) => void;
  idPrefix: string;
  panelId: string;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = FLEET_TABS.findIndex((tab) => tab.value === selected);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const last = FLEET_TABS.length - 1;
    const target = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs.current[target]?.focus();
    const tab = FLEET_TABS[target];
    if (tab) onSelect(tab.value);
  };

  return (
    <div
      role="tablist"
      aria-label="Catégories de véhicules"
      className="flex gap-1 rounded-full bg-paper/5 p-1 ring-1 ring-paper/15 sm:inline-flex"
    >
      {FLEET_TABS.map((tab, index) => {
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={fleetTabId(idPrefix, tab.value)}
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId : undefined}
            tabIndex={index === Math.max(selectedIndex, 0) ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={clsx(
              'h-11 flex-auto rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-6',
              isSelected ? 'bg-gold text-ink' : 'text-paper/75 hover:bg-paper/10 hover:text-paper',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

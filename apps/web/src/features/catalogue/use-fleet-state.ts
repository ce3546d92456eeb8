import { FLEET_TABS, resolveFleetCategory, type FleetTab } from '@vroum/core/fleet-filters';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readFleetContext } from '../../lib/booking-params';
import {
  DEFAULT_FLEET_FILTERS,
  homeFilterLabel,
  readFleetFilters,
  writeFleetFilters,
  type FleetFilters,
} from './fleet-view';

/**
 * Everything the fleet page shows is read from its URL: the tab (category), the filters and
 * sort, and the booking context sent by the home module. Changes replace the current history
 * entry, so the back button leaves the page instead of undoing filters one by one.
 */
export function useFleetState() {
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get('category');
  const category = useMemo(() => resolveFleetCategory(categoryParam), [categoryParam]);
  const tab = category ? FLEET_TABS.find((entry) => entry.value === category.tab) : undefined;
  const filters = useMemo(() => readFleetFilters(params), [params]);
  const context = useMemo(() => readFleetContext(params), [params]);

  // Two changes made before the page shows the first (choices replayed once the app takes over a
  // page, quick clicks) each build on the one before, not on the URL last rendered.
  const latest = useRef(params);
  latest.current = params;
  const replace = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const next = update(latest.current);
      latest.current = next;
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  /** A tab is a plain category: choosing one drops the home category's body or energy filter. */
  const selectTab = useCallback(
    (value: FleetTab) =>
      replace((current) => {
        const next = new URLSearchParams(current);
        next.set('category', value);
        return next;
      }),
    [replace],
  );

  const updateFilters = useCallback(
    (change: Partial<FleetFilters>) =>
      replace((current) => writeFleetFilters(current, { ...readFleetFilters(current), ...change })),
    [replace],
  );

  /** Clears the filters and the sort, the home category's filter included; keeps the tab. */
  const resetFilters = useCallback(
    () =>
      replace((current) => {
        const next = writeFleetFilters(current, DEFAULT_FLEET_FILTERS);
        const resolved = resolveFleetCategory(current.get('category'));
        if (resolved) next.set('category', resolved.tab);
        return next;
      }),
    [replace],
  );

  return {
    category,
    tab,
    /** 'SUV', 'Berline'…: the filter a home category adds to its tab, shown as a chip. */
    homeFilter: category ? homeFilterLabel(categoryParam) : null,
    filters,
    context,
    selectTab,
    updateFilters,
    clearHomeFilter: useCallback(() => tab && selectTab(tab.value), [tab, selectTab]),
    resetFilters,
  };
}

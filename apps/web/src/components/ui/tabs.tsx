import { clsx } from 'clsx';
import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move
 * between tabs; only the selected tab is in the tab order. Each panel spreads
 * `tabPanelProps(idPrefix, value)`.
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  fill = false,
  className,
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** Unique on the page: ids of the tabs and their panels derive from it. */
  idPrefix: string;
  /**
   * Below 640 px the tabs share the whole width, with less padding, so that the bar never runs
   * past a phone's screen.
   */
  fill?: boolean;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    event.preventDefault();
    const item = items[target];
    if (!item) return;
    onChange(item.value);
    refs.current[target]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={clsx(
        'gap-1 rounded-full bg-ivory p-1',
        fill ? 'flex w-full sm:inline-flex sm:w-auto' : 'inline-flex',
        className,
      )}
    >
      {items.map((item, index) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${item.value}-tab`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-${item.value}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={clsx(
              'rounded-full py-2 font-semibold transition-colors',
              fill
                ? 'flex-auto px-2 text-[0.8125rem] sm:flex-none sm:px-5 sm:text-sm'
                : 'px-5 text-sm',
              selected ? 'bg-ink text-paper shadow' : 'text-stone hover:text-ink',
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel shown for the selected tab. */
export function tabPanelProps(idPrefix: string, value: string) {
  return {
    role: 'tabpanel' as const,
    id: `${idPrefix}-${value}-panel`,
    'aria-labelledby': `${idPrefix}-${value}-tab`,
    tabIndex: 0,
  };
}

/**
 * The selected tab kept in the address (`?tab=`), so that a link or a reload opens it: the tab
 * it names, or `fallback` for none or an unknown one. Selecting a tab replaces the entry rather
 * than adding one to the history.
 */
export function useTabParam<T extends string>(
  values: readonly T[],
  fallback: T,
  /** The address's parameter: 'tab', or another for tabs inside a tab. */
  name = 'tab',
): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get(name);
  const current = values.find((value) => value === requested) ?? fallback;
  const select = useCallback(
    (next: T) =>
      setParams(
        (now) => {
          const updated = new URLSearchParams(now);
          updated.set(name, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, name],
  );
  return [current, select];
}

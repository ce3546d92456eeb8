import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatMonth, formatWeekdayDate } from '../../lib/format';
import {
  addDays,
  addMonths,
  dayAndMinutes,
  dayState,
  monthOf,
  monthWeeks,
  weekdayFromMonday,
  type DayState,
  type Span,
} from './calendar-model';

const WEEKDAYS = [
  ['lundi', 'lu'],
  ['mardi', 'ma'],
  ['mercredi', 'me'],
  ['jeudi', 'je'],
  ['vendredi', 've'],
  ['samedi', 'sa'],
  ['dimanche', 'di'],
] as const;

const STATE_NAMES: Record<DayState, string> = {
  past: ', passé',
  taken: ', déjà pris',
  'partly-taken': ', en partie pris',
  free: '',
};

/**
 * One month of the rental calendar as a grid (the date picker dialog pattern): the days are
 * buttons, one of them in the tab order; the arrows move by a day or a week, Home and End to the
 * week's ends, Page Up and Page Down by a month (with Shift, by a year), Enter or Space choose.
 * Past days are disabled; taken days are marked and announced, and can still be pressed: the
 * customer then hears why it cannot start a rental and which free period is nearest.
 */
export function MonthGrid({
  focusedDay,
  onFocusDay,
  firstDay,
  lastDay,
  taken,
  now,
  start,
  end,
  onPick,
}: {
  focusedDay: string;
  /** `moveFocus` when the keyboard moved it, so that the day's button takes the focus. */
  onFocusDay: (day: string, moveFocus: boolean) => void;
  firstDay: string;
  lastDay: string;
  taken: readonly Span[];
  now: number;
  start: string | null;
  end: string | null;
  onPick: (day: string, state: DayState) => void;
}) {
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const focusMoved = useRef(false);
  const month = monthOf(focusedDay);
  const today = dayAndMinutes(now).day;
  const clamp = (day: string) => (day < firstDay ? firstDay : day > lastDay ? lastDay : day);
  const moveTo = (day: string, moveFocus: boolean) => {
    focusMoved.current = moveFocus;
    onFocusDay(clamp(day), moveFocus);
  };

  // Opened, the calendar gives the focus to the chosen day (or today), once the dialog that
  // holds it has given it to its first button.
  useEffect(() => {
    const timer = setTimeout(() =>
      gridRef.current?.querySelector<HTMLElement>('[data-day][tabindex="0"]')?.focus(),
    );
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!focusMoved.current) return;
    focusMoved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay]);

  const onKeyDown = (event: KeyboardEvent, day: string) => {
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(day, 1),
      ArrowLeft: () => addDays(day, -1),
      ArrowDown: () => addDays(day, 7),
      ArrowUp: () => addDays(day, -7),
      Home: () => addDays(day, -weekdayFromMonday(day)),
      End: () => addDays(day, 6 - weekdayFromMonday(day)),
      PageUp: () => addMonths(day, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(day, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move(), true);
  };

  const navButton =
    'inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 disabled:opacity-30';
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label="Mois précédent"
          disabled={monthOf(firstDay) >= month}
          onClick={() => moveTo(addMonths(focusedDay, -1), false)}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <h3
          id={headingId}
          aria-live="polite"
          className="font-display text-2xl text-ink first-letter:uppercase"
        >
          {formatMonth(month)}
        </h3>
        <button
          type="button"
          className={navButton}
          aria-label="Mois suivant"
          disabled={monthOf(lastDay) <= month}
          onClick={() => moveTo(addMonths(focusedDay, 1), false)}
        >
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={headingId} className="mt-2 w-full">
        <thead>
          <tr>
            {WEEKDAYS.map(([name, short]) => (
              <th
                key={name}
                scope="col"
                abbr={name}
                className="pb-1 text-center text-xs font-semibold text-stone uppercase"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  <DayCell
                    key={day}
                    day={day}
                    state={dayState(day, taken, now)}
                    focused={day === focusedDay}
                    today={day === today}
                    start={start}
                    end={end}
                    onPick={onPick}
                    onKeyDown={onKeyDown}
                    onFocus={() => day !== focusedDay && moveTo(day, false)}
                  />
                ) : (
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({
  day,
  state,
  focused,
  today,
  start,
  end,
  onPick,
  onKeyDown,
  onFocus,
}: {
  day: string;
  state: DayState;
  focused: boolean;
  today: boolean;
  start: string | null;
  end: string | null;
  onPick: (day: string, state: DayState) => void;
  onKeyDown: (event: KeyboardEvent, day: string) => void;
  onFocus: () => void;
}) {
  const isStart = day === start;
  const isEnd = day === end;
  const inRange = Boolean(start && end && day > start && day < end);
  const role = [isStart && ', début de la location', isEnd && ', fin de la location']
    .filter(Boolean)
    .join('');
  return (
    <td
      role="gridcell"
      aria-selected={isStart || isEnd || inRange}
      className={clsx(
        'p-0.5',
        (inRange || ((isStart || isEnd) && start && end && start !== end)) && 'bg-gold-soft',
        isStart && 'rounded-l-full',
        isEnd && 'rounded-r-full',
      )}
    >
      <button
        type="button"
        data-day={day}
        tabIndex={focused ? 0 : -1}
        aria-label={`${formatWeekdayDate(day)}${STATE_NAMES[state]}${role}`}
        aria-disabled={state === 'past' || undefined}
        aria-current={today ? 'date' : undefined}
        onClick={() => state !== 'past' && onPick(day, state)}
        onKeyDown={(event) => onKeyDown(event, day)}
        onFocus={onFocus}
        className={clsx(
          'relative mx-auto flex h-11 w-full max-w-11 items-center justify-center rounded-full text-base tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold',
          isStart || isEnd
            ? clsx('bg-ink font-semibold text-paper', state === 'taken' && 'line-through')
            : state === 'past'
              ? 'cursor-default text-stone/50'
              : state === 'taken'
                ? 'bg-[repeating-linear-gradient(135deg,var(--color-mist)_0_3px,transparent_3px_7px)] text-stone line-through'
                : 'text-ink hover:bg-ink/5',
          today && !isStart && !isEnd && 'font-semibold ring-1 ring-gold ring-inset',
        )}
      >
        {Number(day.slice(8))}
        {state === 'partly-taken' && !isStart && !isEnd && (
          <span
            aria-hidden="true"
            className="absolute bottom-1 left-1/2 h-1 w-1 -translate-x-1/2 rounded-full bg-stone"
          />
        )}
      </button>
    </td>
  );
}

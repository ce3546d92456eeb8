import { periodProblems } from '@vroum/core/period-rules';
import { useEffect, useRef, useState } from 'react';
import { formatLongDateTime, formatWeekdayDate } from '../../lib/format';
import { Button } from '../ui/button';
import {
  dayAndMinutes,
  isSlot,
  nearestFreePeriod,
  refusePeriod,
  slotInstant,
  slotMinutes,
  takenAt,
  type DayState,
  type Span,
} from './calendar-model';
import { MonthGrid } from './month-grid';
import { Legend, ProblemNote, TimeChoice, type Moment, type Problem } from './picker-parts';

export interface RentalPeriodChoice {
  start: string;
  end: string;
}

/** What the calendar knows of the car's taken periods ('none': no car chosen yet). */
export type TakenStatus = 'none' | 'loading' | 'ready' | 'error';

const DEFAULT_MINUTES = 10 * 60;
const DAY_MS = 86_400_000;

/** A chosen instant as a day and one of the calendar's times (the nearest one). */
function toMoment(iso: string): Moment | null {
  const instant = Date.parse(iso);
  if (!iso || Number.isNaN(instant)) return null;
  const { day, minutes } = dayAndMinutes(instant);
  const slots = slotMinutes();
  const nearest = slots.reduce((best, slot) =>
    Math.abs(slot - minutes) < Math.abs(best - minutes) ? slot : best,
  );
  return { day, minutes: isSlot(minutes) ? minutes : nearest };
}

/** A day's first time neither past nor taken, or the usual 10:00. */
const firstFreeMinutes = (day: string, now: number, taken: readonly Span[]) =>
  slotMinutes().find((minutes) => {
    const instant = slotInstant(day, minutes);
    return instant >= now && !takenAt(instant, taken);
  }) ?? DEFAULT_MINUTES;

const instantOf = (moment: Moment) => slotInstant(moment.day, moment.minutes);
const isoOf = (instant: number) => new Date(instant).toISOString();

/**
 * The rental calendar's content: the month grid, the start and end times (core's delivery
 * hours, every half hour), and the check of the chosen period before it is used. The first day
 * pressed is the start, the second the end. A start in the past cannot be chosen; a start inside
 * a taken period, or a period over one, is refused with the nearest free period of the same
 * length, which one press takes.
 */
export function RentalDatesPicker({
  start: initialStart,
  end: initialEnd,
  editing,
  taken,
  takenStatus,
  now,
  until,
  onApply,
}: {
  start: string;
  end: string;
  editing: 'start' | 'end';
  taken: readonly Span[];
  takenStatus: TakenStatus;
  now: number;
  until: number;
  onApply: (period: RentalPeriodChoice) => void;
}) {
  const [start, setStart] = useState(() => toMoment(initialStart));
  const [end, setEnd] = useState(() => toMoment(initialEnd));
  const [next, setNext] = useState<'start' | 'end'>(editing === 'end' && start ? 'end' : 'start');
  const today = dayAndMinutes(now).day;
  const firstDay = `${today.slice(0, 7)}-01`;
  const lastDay = dayAndMinutes(until - 1).day;
  const [focusedDay, setFocusedDay] = useState(() => {
    const chosen = (next === 'end' ? (end ?? start) : start)?.day;
    return chosen && chosen >= today && chosen <= lastDay ? chosen : today;
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const lengthMs = start && end ? instantOf(end) - instantOf(start) : DAY_MS;

  const refuse = (period: Span, refusal: ReturnType<typeof refusePeriod>, day?: string) => {
    if (refusal === 'past') {
      setProblem({ message: 'La date de début ne peut pas être dans le passé.' });
      return;
    }
    const where = day
      ? `le ${formatWeekdayDate(day)}`
      : refusal === 'start-taken'
        ? `le ${formatLongDateTime(isoOf(period.start))}`
        : 'pendant une partie de ces dates';
    setProblem({
      message: `Le véhicule est déjà pris ${where}.`,
      proposal: nearestFreePeriod(period, taken, { now, until }),
    });
  };

  const check = (from: Moment | null, to: Moment | null) => {
    if (!from || !to) return setProblem(null);
    const period = { start: instantOf(from), end: instantOf(to) };
    const refusal = refusePeriod(period, taken, now);
    if (refusal) refuse(period, refusal);
    else setProblem(null);
  };

  // Opened over a chosen period, the calendar says at once whether it can be had, as soon as it
  // knows the car's taken periods.
  const checkedOnOpen = useRef(false);
  useEffect(() => {
    if (checkedOnOpen.current || takenStatus === 'loading') return;
    checkedOnOpen.current = true;
    check(start, end);
  });

  const pick = (day: string, state: DayState) => {
    setFocusedDay(day);
    if (next === 'end' && start && day >= start.day) {
      const minutes = end?.minutes ?? start.minutes;
      const after = slotMinutes().find((slot) => slot > start.minutes) ?? start.minutes;
      const chosen = {
        day,
        minutes: day === start.day && minutes <= start.minutes ? after : minutes,
      };
      setEnd(chosen);
      setNext('start');
      check(start, chosen);
      return;
    }
    if (state === 'taken') {
      const minutes = start?.minutes ?? DEFAULT_MINUTES;
      const from = slotInstant(day, minutes);
      refuse({ start: from, end: from + lengthMs }, 'start-taken', day);
      return;
    }
    const keep = start?.minutes ?? DEFAULT_MINUTES;
    const instant = slotInstant(day, keep);
    const minutes =
      instant < now || takenAt(instant, taken) ? firstFreeMinutes(day, now, taken) : keep;
    setStart({ day, minutes });
    setEnd(null);
    setNext('end');
    setProblem(null);
  };

  const apply = () => {
    const message = unfinishedChoice(start, end);
    if (message || !start || !end) return setProblem({ message: message ?? '' });
    const period = { start: isoOf(instantOf(start)), end: isoOf(instantOf(end)) };
    const span = { start: instantOf(start), end: instantOf(end) };
    const refusal = refusePeriod(span, taken, now);
    if (refusal) return refuse(span, refusal);
    onApply(period);
  };

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,8fr)_minmax(0,7fr)] md:gap-8">
      <div className="space-y-4">
        <PickerInstruction next={next} takenStatus={takenStatus} />
        <MonthGrid
          focusedDay={focusedDay}
          onFocusDay={(day) => setFocusedDay(day)}
          firstDay={firstDay}
          lastDay={lastDay}
          taken={taken}
          now={now}
          start={start?.day ?? null}
          end={end?.day ?? null}
          onPick={pick}
        />
        {takenStatus !== 'none' && <Legend />}
      </div>
      <div className="flex flex-col gap-5 md:pt-9">
        <TimeChoices
          start={start}
          end={end}
          isTaken={(instant) => instant < now || Boolean(takenAt(instant, taken))}
          onStart={(chosen) => {
            setStart(chosen);
            check(chosen, end);
          }}
          onEnd={(chosen) => {
            setEnd(chosen);
            check(start, chosen);
          }}
        />
        {problem && (
          <ProblemNote
            problem={problem}
            onTake={(period) => onApply({ start: isoOf(period.start), end: isoOf(period.end) })}
          />
        )}
        <PickerActions
          onClear={() => {
            setStart(null);
            setEnd(null);
            setNext('start');
            setProblem(null);
          }}
          onApply={apply}
        />
      </div>
    </div>
  );
}

/** What the choice lacks or breaks before it is applied (core's period rules), if anything. */
function unfinishedChoice(start: Moment | null, end: Moment | null): string | undefined {
  if (!start || !end) return start ? 'Choisissez la date de fin.' : 'Choisissez la date de début.';
  const rules = periodProblems({ start: isoOf(instantOf(start)), end: isoOf(instantOf(end)) });
  return rules.start ?? rules.end;
}

/** What to press next, and whether the car's taken periods are known. */
function PickerInstruction({
  next,
  takenStatus,
}: {
  next: 'start' | 'end';
  takenStatus: TakenStatus;
}) {
  const instruction =
    next === 'start'
      ? 'Choisissez la date de début, puis celle de fin.'
      : 'Choisissez maintenant la date de fin.';
  return (
    <p className="text-sm text-stone" aria-live="polite">
      {instruction} {takenStatus === 'loading' && 'Chargement des disponibilités…'}
      {takenStatus === 'error' &&
        'Les disponibilités n’ont pas pu être chargées\u00a0: elles seront vérifiées à l’étape suivante.'}
    </p>
  );
}

/** The start's and the end's times: no start in the past or in a taken period, no end before it. */
function TimeChoices({
  start,
  end,
  isTaken,
  onStart,
  onEnd,
}: {
  start: Moment | null;
  end: Moment | null;
  isTaken: (instant: number) => boolean;
  onStart: (chosen: Moment | null) => void;
  onEnd: (chosen: Moment | null) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <TimeChoice
        id="calendar-start-time"
        label="Heure de début"
        moment={start}
        disabledAt={(minutes) => isTaken(start ? slotInstant(start.day, minutes) : 0)}
        onChange={(minutes) => onStart(start && { ...start, minutes })}
      />
      <TimeChoice
        id="calendar-end-time"
        label="Heure de fin"
        moment={end}
        disabledAt={(minutes) =>
          Boolean(start && end && slotInstant(end.day, minutes) <= instantOf(start))
        }
        onChange={(minutes) => onEnd(end && { ...end, minutes })}
      />
    </div>
  );
}

/** 'Effacer' and 'Valider ces dates', kept in view at the bottom of a phone's dialog. */
function PickerActions({ onClear, onApply }: { onClear: () => void; onApply: () => void }) {
  return (
    // On a phone the buttons stay at the bottom of the dialog while the calendar scrolls.
    <div className="sticky bottom-0 -mx-6 -mb-5 flex flex-wrap items-center justify-between gap-3 border-t border-mist bg-paper px-6 py-3 md:static md:mx-0 md:mt-auto md:mb-0 md:border-0 md:p-0">
      <Button variant="ghost" onClick={onClear}>
        Effacer
      </Button>
      <Button onClick={onApply}>Valider ces dates</Button>
    </div>
  );
}

import { slotClock } from '@vroum/core/delivery-hours';
import { useEffect, useRef } from 'react';
import { formatLongDateTime, formatWeekdayDate } from '../../lib/format';
import { Button } from '../ui/button';
import { labelClass } from '../ui/field';
import { slotMinutes, type Span } from './calendar-model';

/** A day of the calendar and one of its times (minutes after midnight). */
export interface Moment {
  day: string;
  minutes: number;
}

export interface Problem {
  message: string;
  /** The nearest free period of the same length, when the chosen one is taken. */
  proposal?: Span | null;
}

const isoOf = (instant: number) => new Date(instant).toISOString();

/** The day's name for a moment shown beside its time. */
const momentDay = (moment: Moment | null) => (moment ? formatWeekdayDate(moment.day) : '—');

export function TimeChoice({
  id,
  label,
  moment,
  disabledAt,
  onChange,
}: {
  id: string;
  label: string;
  moment: Moment | null;
  disabledAt: (minutes: number) => boolean;
  onChange: (minutes: number) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={`${id}-day`} className="mb-1.5 min-h-8 text-xs text-stone">
        {momentDay(moment)}
      </p>
      <select
        id={id}
        value={moment?.minutes ?? ''}
        disabled={!moment}
        aria-describedby={`${id}-day`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="block h-11 w-full rounded-xl border border-mist bg-paper px-3 text-base text-ink focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none disabled:opacity-60"
      >
        {!moment && <option value="">—</option>}
        {slotMinutes().map((minutes) => (
          <option key={minutes} value={minutes} disabled={disabledAt(minutes)}>
            {slotClock(minutes)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ProblemNote({
  problem,
  onTake,
}: {
  problem: Problem;
  onTake: (period: Span) => void;
}) {
  const { proposal } = problem;
  // Brought into view on a phone, where it may appear below the fold (clear of the buttons).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);
  return (
    <div
      ref={ref}
      role="alert"
      className="scroll-mb-20 space-y-3 rounded-xl border border-danger/30 bg-danger/5 p-4"
    >
      <p className="text-sm font-semibold text-danger">{problem.message}</p>
      {proposal && (
        <>
          <p className="text-sm text-ink">
            Période libre la plus proche, de même durée&nbsp;: du{' '}
            {formatLongDateTime(isoOf(proposal.start))} au {formatLongDateTime(isoOf(proposal.end))}
            .
          </p>
          <Button variant="outline" size="sm" onClick={() => onTake(proposal)}>
            Choisir ces dates
          </Button>
        </>
      )}
      {proposal === null && (
        <p className="text-sm text-ink">
          Aucune période libre de même durée dans les mois qui viennent&nbsp;: essayez d’autres
          dates.
        </p>
      )}
    </div>
  );
}

export function Legend() {
  const swatch = 'inline-block h-4 w-4 rounded-full align-middle';
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-stone">
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={`${swatch} bg-[repeating-linear-gradient(135deg,var(--color-mist)_0_3px,transparent_3px_7px)] ring-1 ring-mist`}
        />
        Déjà pris
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-1 w-1 rounded-full bg-stone" />
        En partie pris (voir les heures)
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} bg-ink`} />
        Vos dates
      </li>
    </ul>
  );
}

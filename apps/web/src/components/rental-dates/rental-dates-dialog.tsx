import type { TakenPeriods } from '@vroum/core/availability';
import { parisMidnight } from '@vroum/core/paris-time';
import { useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { parisDay } from '../../lib/format';
import { useRead } from '../../lib/reads';
import { ModalDialog } from '../ui/modal-dialog';
import type { Span } from './calendar-model';
import {
  RentalDatesPicker,
  type RentalPeriodChoice,
  type TakenStatus,
} from './rental-dates-picker';

/** How far ahead the calendar shows a car's taken days (the endpoint gives up to 400 days). */
const WINDOW_DAYS = 365;
const DAY_MS = 86_400_000;
const NO_SPANS: Span[] = [];

/**
 * A car's taken periods from today's midnight in Paris for a year: one request per car and day
 * (the same address all day, so the server's kept answer serves every visitor).
 */
function useTakenSpans(slug: string | undefined, from: string, to: string) {
  const query = useRead({
    key: ['taken-periods', slug, from, to],
    read: (signal) =>
      apiRequest<TakenPeriods>(`/vehicles/${encodeURIComponent(slug!)}/taken-periods`, {
        query: { from, to },
        signal,
      }),
    enabled: Boolean(slug),
    retry: false,
    staleTime: 15_000,
  });
  const spans = useMemo(
    () =>
      query.data?.taken.map((period) => ({
        start: Date.parse(period.start),
        end: Date.parse(period.end),
      })) ?? NO_SPANS,
    [query.data],
  );
  const status: TakenStatus = !slug
    ? 'none'
    : query.isPending
      ? 'loading'
      : query.isError || !Array.isArray(query.data?.taken)
        ? 'error'
        : 'ready';
  return { spans, status };
}

/**
 * The rental calendar in a modal dialog (loaded when first opened): a car's taken days on its
 * page, none on the home page where no car is chosen yet.
 */
export default function RentalDatesDialog({
  vehicleSlug,
  start,
  end,
  editing,
  onApply,
  onClose,
}: {
  vehicleSlug?: string;
  start: string;
  end: string;
  editing: 'start' | 'end';
  onApply: (period: RentalPeriodChoice) => void;
  onClose: () => void;
}) {
  const [now] = useState(() => Date.now());
  const from = parisMidnight(parisDay(new Date(now)));
  const until = from.getTime() + WINDOW_DAYS * DAY_MS;
  const { spans, status } = useTakenSpans(
    vehicleSlug,
    from.toISOString(),
    new Date(until).toISOString(),
  );
  return (
    <ModalDialog open onClose={onClose} title="Choisir vos dates" width="w-[min(54rem,94vw)]">
      <RentalDatesPicker
        start={start}
        end={end}
        editing={editing}
        taken={spans}
        takenStatus={status}
        now={now}
        until={until}
        onApply={(period) => {
          onApply(period);
          onClose();
        }}
      />
    </ModalDialog>
  );
}

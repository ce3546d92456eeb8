import type { AdminBooking } from '@vroum/core/admin';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { formatEuros } from '../../../lib/format';
import { useBookingLedger } from '../api/booking-ledger-api';
import { LedgerMovements } from './ledger-movements';
import { QueryStates } from './states';

type Amount =
  'paidCents' | 'refundedCents' | 'depositHeldCents' | 'depositCapturedCents' | 'balanceDueCents';
const SUMMARY: readonly (readonly [string, Amount])[] = [
  ['Payé', 'paidCents'],
  ['Remboursé', 'refundedCents'],
  ['Caution retenue', 'depositHeldCents'],
  ['Prélevé sur la caution', 'depositCapturedCents'],
  ['Reste dû', 'balanceDueCents'],
];

/** The booking's money at a glance, summed from its ledger by the server: only what is not zero. */
export function MoneySummary({ booking }: { booking: AdminBooking }) {
  const lines = SUMMARY.filter(([, amount]) => booking[amount] !== 0);
  if (lines.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-0.5">
      {lines.map(([label, amount]) => (
        <div
          key={amount}
          className={clsx(
            'flex flex-wrap gap-x-1',
            amount === 'balanceDueCents' && 'font-semibold text-danger',
          )}
        >
          <dt>{label}&nbsp;:</dt> <dd className="tabular-nums">{formatEuros(booking[amount])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The disclosure 'Mouvements d’argent' of a booking: its ledger is read when it is first opened,
 * then listed movement by movement.
 */
export function MoneyMovements({ booking }: { booking: AdminBooking }) {
  const [open, setOpen] = useState(false);
  const ledger = useBookingLedger(booking.id, open);
  const panelId = useId();
  return (
    <div className="border-t border-mist pt-3 md:col-span-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="-ml-2 inline-flex min-h-9 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
      >
        Mouvements d’argent
        <span className="sr-only">, réservation {booking.reference}</span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={panelId} hidden={!open} className="mt-2">
        {open && (
          <QueryStates
            query={ledger}
            isEmpty={(data) => data.movements.length === 0}
            empty="Aucun mouvement d’argent pour cette réservation."
          >
            {(data) => <LedgerMovements reference={booking.reference} movements={data.movements} />}
          </QueryStates>
        )}
      </div>
    </div>
  );
}

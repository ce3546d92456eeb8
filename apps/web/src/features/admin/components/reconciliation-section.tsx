import { RECONCILIATION_MEASURES, type ReconciliationDifference } from '@vroum/core/ledger';
import { clsx } from 'clsx';
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { formatAdminDateTime, formatEuros } from '../../../lib/format';
import { useReconciliation } from '../api/reconciliation-api';
import { providerLabel } from './ledger-movements';
import { errorMessage, LoadError } from './states';

const EMPTY = 'Aucun écart entre le registre et le prestataire de paiement.';

/** What the processor says against the ledger, in words: never a bare signed number. */
function gapInWords({ ledgerCents, processorCents }: ReconciliationDifference): string {
  const gap = processorCents - ledgerCents;
  return `${formatEuros(Math.abs(gap))} de ${gap > 0 ? 'plus' : 'moins'} chez le prestataire`;
}

function Amount({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone uppercase">{label}</dt>
      <dd className="text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The open differences between the ledger and the payment processor, each with the booking's
 * reference: choosing it shows that booking in the list below.
 */
export function DifferencesList({
  differences,
  onShowBooking,
}: {
  differences: readonly ReconciliationDifference[];
  onShowBooking: (reference: string) => void;
}) {
  return (
    <ul className="grid gap-3" aria-label="Écarts de rapprochement">
      {differences.map((difference) => (
        <li
          key={difference.id}
          className="grid gap-3 rounded-xl bg-paper p-4 text-sm ring-1 ring-mist md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        >
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => onShowBooking(difference.reference)}
              aria-label={`Afficher la réservation ${difference.reference}`}
              className="min-h-6 font-mono font-semibold tracking-widest text-gold-deep underline underline-offset-4 hover:text-ink"
            >
              {difference.reference}
            </button>
            <p className="mt-1 font-semibold text-ink">
              {RECONCILIATION_MEASURES[difference.measure]}
            </p>
            <p className="text-xs break-all text-stone">
              {providerLabel(difference.provider)} ·{' '}
              <span className="font-mono">{difference.providerRef}</span>
            </p>
          </div>
          <div className="grid gap-2">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
              <Amount label="Registre">{formatEuros(difference.ledgerCents)}</Amount>
              <Amount label="Prestataire">{formatEuros(difference.processorCents)}</Amount>
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-xs font-semibold tracking-wide text-stone uppercase">Écart</dt>
                <dd className="font-semibold text-danger">{gapInWords(difference)}</dd>
              </div>
            </dl>
            <p className="text-xs text-stone">
              <span className="whitespace-nowrap">
                Détecté le {formatAdminDateTime(difference.detectedAt)}
              </span>
              {' · '}
              <span className="whitespace-nowrap">
                vérifié le {formatAdminDateTime(difference.checkedAt)}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Rapprochement, above the bookings: the ledger compared with the payment processor. A short
 * line while they agree; each difference, until a later comparison finds them in agreement.
 */
export function ReconciliationSection({
  onShowBooking,
}: {
  onShowBooking: (reference: string) => void;
}) {
  const reconciliation = useReconciliation();
  const titleId = useId();
  const count = reconciliation.data?.differences.length ?? 0;
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(
        'mt-6 rounded-2xl p-4 md:p-5',
        count > 0 ? 'bg-danger/5 ring-1 ring-danger/30' : 'bg-ivory',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="font-semibold text-ink">
          Rapprochement
        </h3>
        {count > 0 && (
          <p className="text-sm font-semibold text-danger">
            {count === 1 ? '1 écart à examiner' : `${count} écarts à examiner`}
          </p>
        )}
      </div>
      <div className="mt-2">
        {reconciliation.isPending ? (
          <p role="status" className="text-sm text-stone">
            Chargement du rapprochement...
          </p>
        ) : reconciliation.isError ? (
          <LoadError
            message={errorMessage(reconciliation.error)}
            onRetry={() => void reconciliation.refetch()}
          />
        ) : count === 0 ? (
          <p className="flex items-center gap-2 text-sm text-stone">
            <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
            {EMPTY}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-graphite">
              Ces montants diffèrent entre le registre et le prestataire de paiement. Un écart reste
              affiché jusqu’à ce qu’une nouvelle comparaison les trouve d’accord.
            </p>
            <DifferencesList
              differences={reconciliation.data.differences}
              onShowBooking={onShowBooking}
            />
          </>
        )}
      </div>
    </section>
  );
}

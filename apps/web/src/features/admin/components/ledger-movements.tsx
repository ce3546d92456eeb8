import { MOVEMENT_LABELS, type LedgerMovement } from '@vroum/core/ledger';
import { clsx } from 'clsx';
import { formatAdminDateTime, formatEuros } from '../../../lib/format';
import { badgeClass } from './states';

/** Who moved the money: the card processor, or a payment received outside the card. */
const PROVIDER_LABELS: Record<string, string> = {
  sandbox: 'Processeur de test',
  stripe: 'Stripe',
  outside: 'Hors carte',
};

export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

/** The processor and its reference for the movement, as the team looks it up there. */
function ProcessorReference({ movement }: { movement: LedgerMovement }) {
  return (
    <span className="text-xs break-all text-stone">
      {providerLabel(movement.provider)}
      {movement.providerRef && (
        <>
          {' · '}
          <span className="font-mono">{movement.providerRef}</span>
        </>
      )}
    </span>
  );
}

function PendingBadge() {
  return <span className={clsx(badgeClass, 'bg-gold-soft text-gold-deep')}>en cours</span>;
}

const When = ({ movement }: { movement: LedgerMovement }) => (
  <time dateTime={movement.createdAt}>{formatAdminDateTime(movement.createdAt)}</time>
);

const cellClass = 'border-t border-mist px-3 py-2 align-top';
const headClass = 'px-3 pb-2 text-left text-xs font-semibold tracking-wide text-stone uppercase';

/**
 * A booking's movements of money, oldest first: when (Paris time), what, how much, whether the
 * processor still has to confirm it, the note and the processor's reference. A table on a wide
 * screen, one stacked entry per movement on a phone.
 */
export function LedgerMovements({
  reference,
  movements,
}: {
  reference: string;
  movements: readonly LedgerMovement[];
}) {
  return (
    <>
      <table className="hidden w-full text-sm text-graphite md:table">
        <caption className="sr-only">Mouvements d’argent de la réservation {reference}</caption>
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              Date
            </th>
            <th scope="col" className={headClass}>
              Mouvement
            </th>
            <th scope="col" className={clsx(headClass, 'text-right')}>
              Montant
            </th>
            <th scope="col" className={headClass}>
              Prestataire
            </th>
          </tr>
        </thead>
        <tbody>
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td className={clsx(cellClass, 'whitespace-nowrap')}>
                <When movement={movement} />
              </td>
              <td className={cellClass}>
                <span className="flex flex-wrap items-center gap-2 text-ink">
                  {MOVEMENT_LABELS[movement.kind]}
                  {movement.state === 'pending' && <PendingBadge />}
                </span>
                {movement.note && <span className="mt-0.5 block text-stone">{movement.note}</span>}
              </td>
              <td className={clsx(cellClass, 'text-right whitespace-nowrap text-ink tabular-nums')}>
                {formatEuros(movement.amountCents)}
              </td>
              <td className={cellClass}>
                <ProcessorReference movement={movement} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul
        aria-label={`Mouvements d’argent de la réservation ${reference}`}
        className="grid gap-2 md:hidden"
      >
        {movements.map((movement) => (
          <li key={movement.id} className="grid gap-0.5 rounded-xl bg-ivory px-3 py-2 text-sm">
            <span className="flex items-start justify-between gap-3">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
                {MOVEMENT_LABELS[movement.kind]}
                {movement.state === 'pending' && <PendingBadge />}
              </span>
              <span className="font-semibold whitespace-nowrap text-ink tabular-nums">
                {formatEuros(movement.amountCents)}
              </span>
            </span>
            <span className="text-xs text-stone">
              <When movement={movement} />
            </span>
            {movement.note && <span className="text-graphite">{movement.note}</span>}
            <ProcessorReference movement={movement} />
          </li>
        ))}
      </ul>
    </>
  );
}

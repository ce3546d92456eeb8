import type { BusinessDashboard } from '@vroum/core/business-dashboard';
import { RECONCILIATION_MEASURES } from '@vroum/core/ledger';
import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { formatAdminDate, formatEuros } from '../../../lib/format';
import { KEEP_CLEAR } from '../../../components/chat/keep-clear';
import { Link } from '../../../lib/navigation';
import { CONSOLE_LINKS, MoreLink, Panel } from './dashboard-parts';

interface Item {
  key: string;
  to: string;
  reference: string;
  text: string;
  detail: string;
}

/** A kind of case: its count, then each item linking to it in the console. */
function CaseGroup({
  title,
  count,
  items,
  more,
}: {
  title: string;
  count: number;
  items: Item[];
  more?: { to: string; label: string };
}) {
  return (
    <div className="rounded-2xl bg-ivory p-4">
      <h3 className="flex items-center justify-between gap-3 font-semibold text-ink">
        {title}
        <span
          {...KEEP_CLEAR}
          className={clsx(
            'inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-sm',
            count > 0 ? 'bg-ink text-paper' : 'bg-mist text-graphite',
          )}
        >
          {count}
        </span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-stone">Rien à traiter.</p>
      ) : (
        <ul className="mt-2 grid gap-1" aria-label={title}>
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className="group flex min-h-11 items-center gap-3 rounded-xl px-2 py-1.5 text-sm hover:bg-paper focus-visible:bg-paper"
              >
                <span className="min-w-0 flex-1">
                  <span className="font-mono font-semibold tracking-wider text-gold-deep underline underline-offset-4 group-hover:text-ink">
                    {item.reference}
                  </span>{' '}
                  <span className="text-ink">{item.text}</span>
                  <span className="block text-xs text-stone">{item.detail}</span>
                </span>
                <ChevronRight className="h-4 w-4 shrink-0 text-stone" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more && count > items.length && (
        <div className="mt-1">
          <MoreLink to={more.to}>{more.label}</MoreLink>
        </div>
      )}
    </div>
  );
}

/** What waits for someone of the team, each case linking to where it is handled. */
export function DashboardCases({ data }: { data: BusinessDashboard }) {
  const { identities, damages, disputes, balancesDue, differences } = data.cases;
  return (
    <Panel title="À traiter">
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        <CaseGroup
          title="Identités à vérifier"
          count={identities.count}
          items={identities.items.map((item) => ({
            key: item.checkId,
            to: CONSOLE_LINKS.identities,
            reference: item.reference,
            text: item.customerName,
            detail: item.submittedAt ? `Envoyée le ${formatAdminDate(item.submittedAt)}` : '',
          }))}
        />
        <CaseGroup
          title="Dommages à décider"
          count={damages.count}
          items={damages.items.map((item) => ({
            key: item.claimId,
            to: CONSOLE_LINKS.damage(item.reference),
            reference: item.reference,
            text: `${item.vehicleName}, ${formatEuros(item.chargeableCents)}`,
            detail:
              item.step === 'settle'
                ? 'Approuvés\u00a0: prélèvement à reprendre'
                : item.recordedByYou
                  ? 'Constatés par vous\u00a0: un autre administrateur décide'
                  : `À approuver ou abandonner · ${item.customerName}`,
          }))}
          more={{ to: CONSOLE_LINKS.damages, label: 'Tous les dommages' }}
        />
        <CaseGroup
          title="Contestations ouvertes"
          count={disputes.count}
          items={disputes.items.map((item) => ({
            key: item.disputeId,
            to: CONSOLE_LINKS.dispute(item.reference),
            reference: item.reference,
            text: `${formatEuros(item.contestedCents)} contestés`,
            detail: `${item.customerName} · depuis le ${formatAdminDate(item.openedAt)}`,
          }))}
        />
        <CaseGroup
          title="Soldes dus"
          count={balancesDue.count}
          items={balancesDue.items.map((item) => ({
            key: item.bookingId,
            to: CONSOLE_LINKS.booking(item.reference),
            reference: item.reference,
            text: `${formatEuros(item.dueCents)} dus`,
            detail: item.customerName,
          }))}
        />
        <CaseGroup
          title="Écarts de rapprochement"
          count={differences.count}
          items={differences.items.map((item) => ({
            key: String(item.differenceId),
            to: CONSOLE_LINKS.booking(item.reference),
            reference: item.reference,
            text: RECONCILIATION_MEASURES[item.measure],
            detail: `Registre ${formatEuros(item.ledgerCents)} · prestataire ${formatEuros(item.processorCents)}`,
          }))}
        />
      </div>
    </Panel>
  );
}

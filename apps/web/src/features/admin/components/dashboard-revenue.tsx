import type { BusinessDashboard } from '@vroum/core/business-dashboard';
import { formatEuros } from '../../../lib/format';
import { counted, formatMonth } from './dashboard-format';
import { CONSOLE_LINKS, Figure, Panel } from './dashboard-parts';

/**
 * The month's revenue as the invoices issued and the money ledger hold it (never the bookings'
 * prices), and what customers still owe today.
 */
export function DashboardRevenue({ data }: { data: BusinessDashboard }) {
  const { invoices, creditNotes, ledger, outstanding } = data.revenue;
  return (
    <Panel
      title="Chiffre du mois"
      period={formatMonth(data.month.from)}
      link={{ to: CONSOLE_LINKS.invoices, label: 'Factures et avoirs' }}
    >
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label="Facturé TTC"
          value={formatEuros(invoices.totalCents)}
          detail={`${counted(invoices.count, 'facture', 'factures')}, ${formatEuros(invoices.totalExclVatCents)} HT`}
        />
        <Figure
          label="Avoirs TTC"
          value={formatEuros(creditNotes.totalCents)}
          detail={`${counted(creditNotes.count, 'avoir', 'avoirs')}, ${formatEuros(creditNotes.totalExclVatCents)} HT`}
        />
        <Figure
          label="Net facturé TTC"
          value={formatEuros(invoices.totalCents - creditNotes.totalCents)}
          detail="Factures moins avoirs"
        />
        <Figure
          label="Encaissé"
          value={formatEuros(ledger.receivedCents)}
          detail="Payé par les clients, cautions prélevées comprises"
        />
        <Figure
          label="Remboursé"
          value={formatEuros(ledger.refundedCents)}
          detail={
            ledger.waivedCents > 0
              ? `Et ${formatEuros(ledger.waivedCents)} de reste dû abandonné`
              : 'Sur les cartes des clients'
          }
        />
        <Figure
          label="Reste dû aujourd’hui"
          value={formatEuros(outstanding.totalCents)}
          detail={
            outstanding.count === 0
              ? 'Aucun client ne doit de solde'
              : counted(outstanding.count, 'réservation', 'réservations')
          }
          tone={outstanding.totalCents > 0 ? 'alert' : 'plain'}
        />
      </dl>
    </Panel>
  );
}

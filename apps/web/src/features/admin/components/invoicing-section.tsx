import type { InvoicingDocumentSummary } from '@vroum/core/invoicing';
import { Download, FileText } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { FormField, TextField } from '../../../components/form/form-field';
import { useFormState } from '../../../components/form/use-form-state';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { formatAdminDate, formatEuros, parisDay } from '../../../lib/format';
import {
  adminInvoicePdfUrl,
  exportUrl,
  useAdminInvoices,
  type InvoicingFilters,
} from '../api/invoicing-api';
import { QueryStates } from './states';

/** The current month, from its first Paris day to today: the exports' default period. */
function thisMonth(): { from: string; to: string } {
  const today = parisDay(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Factures et comptabilité, under the bookings' reconciliation: the invoices and credit notes
 * issued (filtered by period, number, booking; each PDF), and the period's exports for the
 * accountant, the sales journal (CSV) and the FEC. Read once opened.
 */
export function InvoicingSection() {
  const [open, setOpen] = useState(false);
  const [filters, setFilters] = useState<InvoicingFilters>(thisMonth);
  const documents = useAdminInvoices(filters, open);
  const titleId = useId();
  const period = (key: 'from' | 'to') => ({
    value: filters[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFilters({ ...filters, [key]: event.target.value || undefined }),
  });
  // The number and the booking apply when sent; the period applies (and the exports follow it)
  // as soon as it changes.
  const search = useFormState({
    initial: { number: '', booking: '' },
    save: ({ number, booking }) =>
      setFilters({
        ...filters,
        number: number.trim() || undefined,
        booking: booking.trim() || undefined,
      }),
  });
  const canExport = Boolean(filters.from && filters.to && filters.from <= filters.to);

  return (
    <details
      className="mt-6 rounded-2xl bg-ivory p-4 md:p-5"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-ink">
        <span id={titleId}>Factures, avoirs et exports comptables</span>
      </summary>
      <form
        onSubmit={search.submit}
        aria-labelledby={titleId}
        className="mt-4 grid gap-4 md:grid-cols-[auto_auto_1fr_1fr_auto] md:items-end"
      >
        <FormField id="invoices-from" label="Émises du">
          {(props) => <input {...props} {...period('from')} type="date" className={inputClass} />}
        </FormField>
        <FormField id="invoices-to" label="Au">
          {(props) => <input {...props} {...period('to')} type="date" className={inputClass} />}
        </FormField>
        <TextField
          id="invoices-number"
          label="Numéro"
          {...search.bind('number')}
          placeholder="F-2026-000001"
        />
        <TextField
          id="invoices-booking"
          label="Réservation"
          {...search.bind('booking')}
          placeholder="A1B2C3D4"
        />
        <Button type="submit" variant="outline">
          Rechercher
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap gap-3">
        {canExport ? (
          <>
            <a
              href={exportUrl('sales-journal', filters.from!, filters.to!)}
              download
              className={buttonClass('outline', 'sm')}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Journal des ventes (CSV)
            </a>
            <a
              href={exportUrl('fec', filters.from!, filters.to!)}
              download
              className={buttonClass('outline', 'sm')}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Fichier des écritures comptables (FEC)
            </a>
          </>
        ) : (
          <p className="text-sm text-stone">
            Choisissez le début et la fin de la période pour l’exporter.
          </p>
        )}
      </div>
      <div className="mt-4">
        <QueryStates
          query={documents}
          isEmpty={(data) => data.documents.length === 0}
          empty="Aucun document ne correspond."
        >
          {(data) => <DocumentsList documents={data.documents} />}
        </QueryStates>
      </div>
    </details>
  );
}

function DocumentsList({ documents }: { documents: readonly InvoicingDocumentSummary[] }) {
  return (
    <ul className="grid gap-2" aria-label="Factures et avoirs">
      {documents.map((doc) => (
        <li
          key={doc.id}
          className="grid gap-x-4 gap-y-1 rounded-xl bg-paper p-3 text-sm ring-1 ring-mist md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] md:items-center"
        >
          <div className="min-w-0">
            <a
              href={adminInvoicePdfUrl(doc.id)}
              download
              className="inline-flex min-h-11 items-center gap-2 font-mono font-semibold text-gold-deep underline underline-offset-4"
            >
              <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
              {doc.number}
            </a>
            <p className="text-stone">
              {doc.kind === 'invoice' ? 'Facture' : `Avoir sur ${doc.correctsNumber ?? ''}`} ·{' '}
              {formatAdminDate(doc.issuedAt)}
            </p>
          </div>
          <p className="min-w-0 break-words text-graphite">
            {doc.customerName} · réservation{' '}
            <span className="font-mono">{doc.bookingReference}</span>
          </p>
          <p className="text-ink tabular-nums md:text-right">
            {formatEuros(doc.totalTtcCents)} TTC
            <span className="block text-xs text-stone">
              HT {formatEuros(doc.totalHtCents)} · TVA {formatEuros(doc.totalVatCents)}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

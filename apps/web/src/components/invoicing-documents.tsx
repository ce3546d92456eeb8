import type { InvoicingDocumentSummary } from '@vroum/core/invoicing';
import { FileText } from 'lucide-react';
import { formatEuros, formatLongDate } from '../lib/format';

/**
 * A customer's invoices and credit notes, each a download of the PDF as issued: the booking's
 * page and the profile show them the same way.
 */
export function InvoicingDocumentLinks({
  documents,
  withBooking = false,
}: {
  documents: readonly InvoicingDocumentSummary[];
  withBooking?: boolean;
}) {
  return (
    <ul className="grid gap-2">
      {documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <a
            href={`/api/v1/invoices/${doc.id}/pdf`}
            download
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-gold-deep underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            {doc.kind === 'invoice' ? 'Facture' : 'Avoir'} {doc.number} (PDF)
          </a>
          <span className="text-graphite">
            {formatLongDate(doc.issuedAt)} · {formatEuros(doc.totalTtcCents)}
            {'\u00a0'}TTC
            {doc.correctsNumber ? ` · corrige la facture ${doc.correctsNumber}` : ''}
            {withBooking ? ` · réservation ${doc.bookingReference}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

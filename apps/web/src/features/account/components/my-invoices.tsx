import { InvoicingDocumentLinks } from '../../../components/invoicing-documents';
import { useMyInvoices } from '../api/invoices';

/** Profile → Réservations: the customer's invoices and credit notes, each downloadable. */
export function MyInvoices() {
  const query = useMyInvoices();
  if (!query.data || query.data.documents.length === 0) return null;
  return (
    <section aria-labelledby="mes-factures" className="mt-10">
      <h2 id="mes-factures" className="font-display text-2xl text-ink">
        Factures et avoirs
      </h2>
      <div className="mt-3">
        <InvoicingDocumentLinks documents={query.data.documents} withBooking />
      </div>
    </section>
  );
}

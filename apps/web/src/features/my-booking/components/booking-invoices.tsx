import type { BookingDetail } from '@vroum/core/booking';
import { useQuery } from '@tanstack/react-query';
import { InvoicingDocumentLinks } from '../../../components/invoicing-documents';
import { useAuth } from '../../../lib/auth/auth-context';
import { fetchBookingInvoices } from '../api';

/**
 * The booking's invoices and credit notes, for its signed-in owner: issued within a minute of
 * each payment or refund, so a paid booking without one yet says it is on its way.
 */
export function BookingInvoices({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ['booking', booking.id, 'invoices'],
    queryFn: ({ signal }) => fetchBookingInvoices(booking.id, signal),
    enabled: Boolean(user),
    retry: false,
    // A document follows each payment within a minute: look again until the first one is there.
    refetchInterval: (current) =>
      current.state.data?.documents.length === 0 && booking.paymentStatus === 'succeeded'
        ? 15_000
        : false,
  });
  if (!user || !query.data) return null;
  const { documents } = query.data;
  if (documents.length === 0 && booking.paymentStatus !== 'succeeded') return null;
  return (
    <section
      id="factures"
      aria-label="Factures"
      className="mt-6 scroll-mt-24 rounded-2xl bg-paper p-5 ring-1 ring-mist"
    >
      <h2 className="font-display text-2xl text-ink">Factures et avoirs</h2>
      {documents.length === 0 ? (
        <p className="mt-1 text-sm text-graphite">
          Votre facture est en cours d’émission : elle apparaît ici dans une minute environ.
        </p>
      ) : (
        <div className="mt-3">
          <InvoicingDocumentLinks documents={documents} />
        </div>
      )}
    </section>
  );
}

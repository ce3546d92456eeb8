import type { BookingDetail } from '@vroum/core/booking';
import { FileText } from 'lucide-react';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * The signed handover and return reports, once the car was handed over (and returned); the
 * files are served to the signed-in owner, so a visitor of the look-up does not get the links.
 */
export function InspectionReports({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  const reports = [
    booking.delivery.status === 'delivered' && {
      kind: 'handover',
      label: 'Procès-verbal de livraison (PDF)',
    },
    booking.collection.status === 'collected' && {
      kind: 'return',
      label: 'Procès-verbal de restitution (PDF)',
    },
  ].filter((report) => report !== false);
  if (!user || reports.length === 0) return null;
  return (
    <section
      aria-label="États des lieux"
      className="mt-6 rounded-2xl bg-paper p-5 ring-1 ring-mist"
    >
      <h2 className="font-display text-2xl text-ink">États des lieux</h2>
      <p className="mt-1 text-sm text-graphite">
        Signés à la remise des clés et à la restitution, avec les relevés, les photos et, au retour,
        les montants dus.
      </p>
      <ul className="mt-3 grid gap-2">
        {reports.map((report) => (
          <li key={report.kind}>
            <a
              href={`/api/v1/bookings/${booking.id}/inspections/${report.kind}/report`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-gold-deep underline"
            >
              <FileText className="h-4 w-4" aria-hidden="true" />
              {report.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

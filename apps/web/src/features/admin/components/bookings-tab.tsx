import { type AdminBooking, type AdminBookingStatus } from '@vroum/core/admin';
import {
  BOOKING_STATUS_LABELS,
  bookingStatusLabel,
  paymentStatusLabel,
} from '@vroum/core/booking-status';
import { adminStatusMoves } from '@vroum/core/booking-lifecycle';
import { useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../../../components/form/form-field';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { formatAdminDate, formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminBookings, useSetBookingStatus, type BookingFilters } from '../api/admin-api';
import { useAdminBookingEvents } from '../api/use-admin-booking-events';
import { BalancePaymentDialog } from './booking-money-dialogs';
import { RefundDialog } from './refund-dialog';
import { MoneyMovements, MoneySummary } from './booking-money';
import { BookingSteps } from './booking-steps';
import { InvoicingSection } from './invoicing-section';
import { Pager, SearchField } from './list-controls';
import { ReconciliationSection } from './reconciliation-section';
import { badgeClass, errorMessage, QueryStates } from './states';

const ALL_STATUSES = ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const;

/**
 * The list of bookings: the reconciliation's differences above it, then cards, status selector,
 * filters, search, pages; live on any change.
 */
export function BookingsTab() {
  useAdminBookingEvents(true);
  // A link to one booking ('?q=A1B2C3D4', from the dashboard's cases) opens the list searched.
  const linked = useSearchParams()[0].get('q')?.trim() || undefined;
  const [filters, setFilters] = useState<Omit<BookingFilters, 'cursor'>>(
    linked ? { q: linked } : {},
  );
  // Keyset pages: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const bookings = useAdminBookings({ ...filters, cursor });
  const [refunding, setRefunding] = useState<AdminBooking | null>(null);
  const [settling, setSettling] = useState<AdminBooking | null>(null);
  const results = useRef<HTMLDivElement>(null);

  const applyFilters = (next: Omit<BookingFilters, 'cursor'>) => {
    setFilters(next);
    setCursors([undefined]);
  };
  /** A filter's control: a change applies at once; an empty choice removes the filter. */
  const filter = (key: 'status' | 'from' | 'to') => ({
    value: filters[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      applyFilters({ ...filters, [key]: event.target.value || undefined }),
  });
  const pageAfter = (cursor: string | null | undefined) =>
    cursor ? () => setCursors((current) => [...current, cursor]) : null;
  // The search box applies when sent; the other filters apply as soon as they change.
  const searchForm = useFormState({
    initial: { search: linked ?? '' },
    save: ({ search }) => applyFilters({ ...filters, q: search.trim() || undefined }),
  });
  /** A difference's booking, searched alone as the search box would: no other filter hides it. */
  const showReference = (reference: string) => {
    searchForm.set('search', reference);
    applyFilters({ q: reference });
    results.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div>
      <ReconciliationSection onShowBooking={showReference} />
      <InvoicingSection />
      <form
        onSubmit={searchForm.submit}
        aria-label="Filtrer les réservations"
        className="mt-6 grid gap-4 rounded-2xl bg-ivory p-4 md:grid-cols-[1fr_auto_auto_2fr_auto] md:items-end"
      >
        <FormField id="bookings-status" label="Statut">
          {(props) => (
            <select {...props} {...filter('status')} className={inputClass}>
              <option value="">Tous les statuts</option>
              {ALL_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {BOOKING_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="bookings-from" label="Du">
          {(props) => <input {...props} {...filter('from')} type="date" className={inputClass} />}
        </FormField>
        <FormField id="bookings-to" label="Au">
          {(props) => <input {...props} {...filter('to')} type="date" className={inputClass} />}
        </FormField>
        <SearchField
          id="bookings-search"
          label="Référence ou e-mail"
          {...searchForm.bind('search')}
          placeholder="A1B2C3D4 ou client@exemple.fr"
        />
      </form>

      <div ref={results} className="mt-6">
        <QueryStates
          query={bookings}
          isEmpty={(data) => data.bookings.length === 0}
          empty="Aucune réservation ne correspond."
        >
          {(data) => (
            <>
              <p className="mb-3 text-sm text-stone" aria-live="polite">
                {data.total} réservation{data.total > 1 ? 's' : ''}
              </p>
              <ul className="grid gap-4" aria-label="Réservations">
                {data.bookings.map((booking) => (
                  <BookingCard
                    key={booking.id}
                    booking={booking}
                    onRefund={() => setRefunding(booking)}
                    onRecordPayment={() => setSettling(booking)}
                  />
                ))}
              </ul>
              <Pager
                label="Pages des réservations"
                onPrevious={
                  cursors.length > 1 ? () => setCursors((current) => current.slice(0, -1)) : null
                }
                onNext={pageAfter(data.nextCursor)}
              />
            </>
          )}
        </QueryStates>
      </div>
      <RefundDialog booking={refunding} onClose={() => setRefunding(null)} />
      <BalancePaymentDialog booking={settling} onClose={() => setSettling(null)} />
    </div>
  );
}

function BookingCard({
  booking,
  onRefund,
  onRecordPayment,
}: {
  booking: AdminBooking;
  onRefund: () => void;
  onRecordPayment: () => void;
}) {
  const setStatus = useSetBookingStatus();
  // The selector shows the current status and only the moves the lifecycle allows from it.
  const current = booking.bookingStatus;
  const moves = adminStatusMoves(current);
  const selectId = `booking-status-${booking.id}`;
  const paid = booking.paymentStatus === 'succeeded';

  return (
    <li
      aria-label={`Réservation ${booking.reference}`}
      className="grid gap-4 rounded-2xl bg-paper p-5 ring-1 ring-mist md:grid-cols-[2fr_2fr_1fr]"
    >
      <div>
        <p className="font-mono text-xs tracking-widest text-stone">{booking.reference}</p>
        <p className="mt-1 font-semibold text-ink">{booking.customerName ?? 'Client'}</p>
        <p className="text-sm text-graphite">{booking.customerEmail ?? 'E-mail non renseigné'}</p>
        <p className="mt-3 text-sm text-ink">
          {booking.vehicleName} <span className="text-stone">· {booking.vehicleCategory}</span>
        </p>
      </div>
      <div className="text-sm text-graphite">
        <p>
          Du {formatAdminDate(booking.pickupDate)} au {formatAdminDate(booking.returnDate)}
        </p>
        <p className="mt-1">Départ&nbsp;: {booking.pickupLocation}</p>
        <p>Retour&nbsp;: {booking.returnLocation}</p>
        <p className="mt-2 font-semibold text-ink">
          Total&nbsp;: {formatEuros(booking.totalPriceCents)}
        </p>
        <MoneySummary booking={booking} />
      </div>
      <div className="flex flex-col gap-2">
        <span
          className={`${badgeClass} w-fit ${
            paid ? 'bg-success/10 text-success' : 'bg-gold-soft text-gold-deep'
          }`}
        >
          Paiement&nbsp;: {paymentStatusLabel(booking.paymentStatus)}
        </span>
        <label htmlFor={selectId} className="text-xs font-semibold text-stone">
          Statut ({bookingStatusLabel(booking.bookingStatus)})
        </label>
        <select
          id={selectId}
          className={`${inputClass} h-10`}
          value={current}
          disabled={setStatus.isPending || moves.length === 0}
          onChange={(e) =>
            setStatus.mutate(
              { id: booking.id, status: e.target.value as AdminBookingStatus },
              {
                onSuccess: () => notify.success('Succès', 'Statut mis à jour'),
                onError: (error) => notify.error('Erreur', errorMessage(error)),
              },
            )
          }
        >
          {[current, ...moves].map((status) => (
            <option key={status} value={status} disabled={status === current}>
              {BOOKING_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        {booking.refundableCents > 0 && (
          <Button variant="outline" size="sm" onClick={onRefund}>
            Rembourser
          </Button>
        )}
        {booking.balanceDueCents > 0 && (
          <>
            <p className="rounded-lg bg-danger/10 px-2 py-1 text-xs font-semibold text-danger">
              À traiter&nbsp;: reste dû refusé par la carte du client
            </p>
            <Button variant="outline" size="sm" onClick={onRecordPayment}>
              Enregistrer un règlement
            </Button>
          </>
        )}
      </div>
      <BookingSteps booking={booking} />
      <MoneyMovements booking={booking} />
    </li>
  );
}

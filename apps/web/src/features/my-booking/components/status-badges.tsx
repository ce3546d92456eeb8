import { bookingStatusLabel, paymentStatusLabel } from '@vroum/core/booking-status';

const BOOKING_STYLES: Record<string, string> = {
  confirmed: 'bg-success/10 text-success',
  active: 'bg-gold-soft text-gold-deep',
  completed: 'bg-ink/10 text-ink',
  cancelled: 'bg-danger/10 text-danger',
};
const PAYMENT_STYLES: Record<string, string> = {
  succeeded: 'bg-success/10 text-success',
  failed: 'bg-danger/10 text-danger',
  refunded: 'bg-ink/10 text-ink',
};
const badge = 'inline-flex rounded-full px-3 py-1 text-xs font-semibold';

/**
 * Status badges in one vocabulary shared with the admin console; unknown values show as pending.
 */
export function BookingStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${badge} ${BOOKING_STYLES[status] ?? 'bg-gold-soft text-gold-deep'}`}>
      {bookingStatusLabel(status)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${badge} ${PAYMENT_STYLES[status] ?? 'bg-gold-soft text-gold-deep'}`}>
      Paiement&nbsp;: {paymentStatusLabel(status)}
    </span>
  );
}

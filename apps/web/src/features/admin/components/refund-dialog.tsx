import type { AdminBooking } from '@vroum/core/admin';
import { REFUNDABLE_LABELS, type RefundablePayment } from '@vroum/core/refunds';
import { useId, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useRefundBooking } from '../api/admin-api';
import { useRefundablePayments } from '../api/booking-ledger-api';
import { MoneyActionForm } from './money-action-form';
import { errorMessage } from './states';

/** How the dialog names a payment: an extension by its note (its new return), else its kind. */
export const paymentName = (payment: RefundablePayment) =>
  payment.kind === 'extension_payment' && payment.note
    ? payment.note
    : REFUNDABLE_LABELS[payment.kind];

/**
 * Which payment the refund gives back, when the booking has several (the rental, an extension,
 * a charge at the return): each with what was received and what remains refundable on it, or
 * all of them, the latest first, as the server splits a refund that names none.
 */
function PaymentChoice({
  payments,
  totalCents,
  value,
  onChange,
}: {
  payments: readonly RefundablePayment[];
  totalCents: number;
  value: number | null;
  onChange: (paymentId: number | null) => void;
}) {
  const name = useId();
  const option = (id: number | null, label: string, disabled = false) => (
    <label
      key={id ?? 'all'}
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-4 py-2 text-sm ring-1 ring-mist has-checked:ring-2 has-checked:ring-ink has-disabled:cursor-not-allowed has-disabled:opacity-50"
    >
      <input
        type="radio"
        name={name}
        checked={value === id}
        disabled={disabled}
        onChange={() => onChange(id)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Paiement à rembourser</legend>
      {option(
        null,
        `Tous les paiements, du plus récent au plus ancien · remboursable\u00a0: ${formatEuros(totalCents)}`,
      )}
      {payments.map((payment) =>
        option(
          payment.id,
          `${paymentName(payment)} · encaissé\u00a0: ${formatEuros(payment.capturedCents)} · remboursable\u00a0: ${formatEuros(payment.refundableCents)}`,
          payment.refundableCents <= 0,
        ),
      )}
    </fieldset>
  );
}

/**
 * A refund is its own confirmed action, with its amount: at most what remains on the payment
 * chosen, or on the whole booking when it names none (the server splits it then).
 */
export function RefundDialog({
  booking,
  onClose,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
}) {
  const action = useRefundBooking();
  const payments = useRefundablePayments(booking?.id ?? null).data?.payments ?? [];
  const [paymentId, setPaymentId] = useState<number | null>(null);
  const chosen = payments.find((payment) => payment.id === paymentId) ?? null;
  const close = () => {
    setPaymentId(null);
    onClose();
  };
  return (
    <ModalDialog open={booking !== null} onClose={close} title="Rembourser la réservation">
      {booking && (
        <div className="grid gap-5">
          {payments.length > 1 && (
            <PaymentChoice
              payments={payments}
              totalCents={booking.refundableCents}
              value={chosen?.id ?? null}
              onChange={setPaymentId}
            />
          )}
          <MoneyActionForm
            key={`${booking.id}:${chosen?.id ?? 'all'}`}
            name="Remboursement"
            summary={
              chosen
                ? `Réservation ${booking.reference} · ${paymentName(chosen)} · remboursable sur ce paiement\u00a0: ${formatEuros(chosen.refundableCents)}`
                : `Réservation ${booking.reference} · encaissé restant\u00a0: ${formatEuros(booking.refundableCents)}`
            }
            amountLabel="Montant à rembourser (€)"
            maxCents={chosen ? chosen.refundableCents : booking.refundableCents}
            initialCents={chosen ? chosen.refundableCents : booking.refundableCents}
            tooMuch={
              chosen
                ? `Le montant du remboursement dépasse ce qui reste remboursable sur ce paiement (${formatEuros(chosen.refundableCents)}).`
                : `Le montant du remboursement dépasse le montant encaissé restant (${formatEuros(booking.refundableCents)}).`
            }
            invalidAmount="Le montant du remboursement doit être supérieur à 0, avec au plus deux décimales."
            submitLabels={['Confirmer le remboursement', 'Remboursement...']}
            pending={action.isPending}
            onSubmit={({ amountCents }, idempotencyKey, done) =>
              action.mutate(
                {
                  id: booking.id,
                  body: chosen ? { amountCents, paymentId: chosen.id } : { amountCents },
                  idempotencyKey,
                },
                {
                  onSuccess: () => {
                    notify.success(
                      'Succès',
                      `Remboursement de ${formatEuros(amountCents)} effectué`,
                    );
                    done();
                  },
                  onError: (failure) => notify.error('Erreur', errorMessage(failure)),
                },
              )
            }
            onCancel={close}
          />
        </div>
      )}
    </ModalDialog>
  );
}

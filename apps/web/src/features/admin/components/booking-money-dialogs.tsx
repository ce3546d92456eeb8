import type { AdminBooking } from '@vroum/core/admin';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCaptureDeposit, useRefundBooking } from '../api/admin-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { MoneyActionForm } from './money-action-form';
import { errorMessage } from './states';

/** A refund is its own confirmed action, with its amount (at most what remains captured). */
export function RefundDialog({
  booking,
  onClose,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
}) {
  const refund = useRefundBooking();
  return (
    <ModalDialog open={booking !== null} onClose={onClose} title="Rembourser la réservation">
      {booking && (
        <MoneyActionForm
          key={booking.id}
          name="Remboursement"
          summary={`Réservation ${booking.reference} · encaissé restant\u00a0: ${formatEuros(booking.refundableCents)}`}
          amountLabel="Montant à rembourser (€)"
          maxCents={booking.refundableCents}
          tooMuch={`Le montant du remboursement dépasse le montant encaissé restant (${formatEuros(booking.refundableCents)}).`}
          invalidAmount="Le montant du remboursement doit être supérieur à 0, avec au plus deux décimales."
          submitLabels={['Confirmer le remboursement', 'Remboursement...']}
          pending={refund.isPending}
          onSubmit={({ amountCents }, idempotencyKey, done) =>
            refund.mutate(
              { id: booking.id, body: { amountCents }, idempotencyKey },
              {
                onSuccess: () => {
                  notify.success('Succès', `Remboursement de ${formatEuros(amountCents)} effectué`);
                  done();
                },
                onError: (failure) => notify.error('Erreur', errorMessage(failure)),
              },
            )
          }
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}

/**
 * Damage recorded at the return: an amount taken from the deposit held on the card, with what
 * was found. The card's authorisation is captured once; what is not taken is released.
 */
export function DepositRetentionDialog({
  booking,
  onClose,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
}) {
  const capture = useCaptureDeposit();
  return (
    <ModalDialog open={booking !== null} onClose={onClose} title="Retenir sur la caution">
      {booking && (
        <MoneyActionForm
          key={booking.id}
          name="Retenue sur la caution"
          summary={`Réservation ${booking.reference} · caution retenue sur la carte\u00a0: ${formatEuros(booking.depositHeldCents)}. Le reste est libéré.`}
          amountLabel="Montant retenu (€)"
          maxCents={booking.depositHeldCents}
          tooMuch={`Le montant dépasse la caution retenue sur la carte (${formatEuros(booking.depositHeldCents)}).`}
          invalidAmount="Le montant retenu doit être supérieur à 0, avec au plus deux décimales."
          reasonLabel="Dommage constaté"
          submitLabels={['Confirmer la retenue', 'Retenue...']}
          pending={capture.isPending}
          onSubmit={({ amountCents, reason }, idempotencyKey, done) =>
            capture.mutate(
              { id: booking.id, body: { amountCents, reason }, idempotencyKey },
              {
                onSuccess: () => {
                  notify.success('Succès', `${formatEuros(amountCents)} retenus sur la caution`);
                  done();
                },
                onError: (failure) => notify.error('Erreur', errorMessage(failure)),
              },
            )
          }
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}

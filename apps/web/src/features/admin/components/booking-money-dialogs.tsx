import type { AdminBooking } from '@vroum/core/admin';
import type { ComponentProps } from 'react';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useRecordBalancePayment } from '../api/admin-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { MoneyActionForm } from './money-action-form';
import { errorMessage } from './states';

type FormInput = { amountCents: number; reason: string };
type FormText = Omit<ComponentProps<typeof MoneyActionForm>, 'pending' | 'onSubmit' | 'onCancel'>;

/**
 * The dialog of a confirmed money action on a booking: its form (amount, maybe a reason), sent
 * once per dialog's key; a toast says what was done, or what the server refused.
 */
function BookingMoneyDialog<Body>({
  booking,
  onClose,
  title,
  action,
  form,
  body,
  done,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
  title: string;
  action: {
    isPending: boolean;
    mutate: (
      variables: { id: string; body: Body; idempotencyKey: string },
      callbacks: { onSuccess: () => void; onError: (failure: Error) => void },
    ) => void;
  };
  form: (booking: AdminBooking) => FormText;
  body: (input: FormInput) => Body;
  /** The success toast's message. */
  done: (input: FormInput) => string;
}) {
  return (
    <ModalDialog open={booking !== null} onClose={onClose} title={title}>
      {booking && (
        <MoneyActionForm
          key={booking.id}
          {...form(booking)}
          pending={action.isPending}
          onSubmit={(input, idempotencyKey, close) =>
            action.mutate(
              { id: booking.id, body: body(input), idempotencyKey },
              {
                onSuccess: () => {
                  notify.success('Succès', done(input));
                  close();
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

interface DialogProps {
  booking: AdminBooking | null;
  onClose: () => void;
}

/**
 * What the card refused at the return, paid another way (transfer, cheque, card at the agency):
 * the team records the amount received, all or part of what is owed, and how it was paid.
 */
export function BalancePaymentDialog(props: DialogProps) {
  return (
    <BookingMoneyDialog
      {...props}
      title="Enregistrer un règlement"
      action={useRecordBalancePayment()}
      form={(booking) => ({
        name: 'Règlement du solde',
        summary: `Réservation ${booking.reference} · restant dû\u00a0: ${formatEuros(booking.balanceDueCents)}, refusé par la carte du client.`,
        amountLabel: 'Montant reçu (€)',
        maxCents: booking.balanceDueCents,
        initialCents: booking.balanceDueCents,
        tooMuch: `Le montant réglé dépasse le solde dû (${formatEuros(booking.balanceDueCents)}).`,
        invalidAmount: 'Le montant réglé doit être supérieur à 0, avec au plus deux décimales.',
        reason: {
          label: 'Moyen de paiement et référence',
          tooShort: 'Indiquez comment le client a réglé et sa référence (3 caractères au moins).',
        },
        submitLabels: ['Confirmer le règlement', 'Enregistrement...'],
      })}
      body={({ amountCents, reason }) => ({ amountCents, note: reason })}
      done={({ amountCents }) => `Règlement de ${formatEuros(amountCents)} enregistré`}
    />
  );
}

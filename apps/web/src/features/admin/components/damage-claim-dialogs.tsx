import type { DamageClaim } from '@vroum/core/damage-claims';
import { useForm, type FieldErrors } from '../../../components/form/use-form';
import { inputClass } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useApproveDamageClaim, useWaiveDamageClaim } from '../api/damage-claims-api';
import { DecimalInput } from './decimal-input';
import { FormActions } from './form-parts';
import { beyondDeposit } from './damage-claim-amounts';
import { centsToEuros, eurosToCents } from './money';

const textareaClass = `${inputClass.replace('h-12', 'min-h-24')} py-3`;

interface DialogProps {
  claim: DamageClaim | null;
  onClose: () => void;
}

/**
 * The approval of a damage claim: the amount charged for the damage, at most what the plan's
 * excess allows (the administrator may lower it, saying why). Kilometres and fuel come with it:
 * from the deposit held, the rest from the customer's saved card.
 */
export function ApproveDamageDialog({ claim, onClose }: DialogProps) {
  return (
    <ModalDialog open={claim !== null} onClose={onClose} title="Approuver les dommages">
      {claim && <ApproveForm key={claim.id} claim={claim} onClose={onClose} />}
    </ModalDialog>
  );
}

function ApproveForm({ claim, onClose }: { claim: DamageClaim; onClose: () => void }) {
  const approve = useApproveDamageClaim();
  const { busy, submit, field, bind } = useForm({
    idPrefix: 'approval',
    initial: { amountCents: centsToEuros(claim.chargeableCents), note: '' },
    check: ({ amountCents: amount, note }) => {
      const cents = eurosToCents(amount);
      const errors: FieldErrors = {};
      if (cents === undefined || !Number.isInteger(cents) || cents <= 0) {
        errors.amountCents =
          'Le montant retenu doit être supérieur à 0, avec au plus deux décimales.';
      } else if (cents > claim.chargeableCents) {
        errors.amountCents = `Le montant dépasse ce qui peut être facturé dans la limite de la franchise (${formatEuros(claim.chargeableCents)}).`;
      }
      return cents === undefined || Object.keys(errors).length > 0
        ? { ok: false, errors }
        : { ok: true, input: { amountCents: cents, note: note.trim() } };
    },
    save: (body) => approve.mutateAsync({ id: claim.id, body }),
    onSaved: (decided) => {
      notify.success(
        'Succès',
        `Dommages approuvés : ${formatEuros(decided.approvedCents ?? 0)} retenus`,
      );
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Approbation">
      <p className="text-sm text-graphite">
        Réservation {claim.reference} · facturable dans la limite de la franchise&nbsp;:{' '}
        {formatEuros(claim.chargeableCents)}. Avec les kilomètres et le carburant (
        {formatEuros(claim.otherChargesCents)}), le montant est pris sur la caution retenue (
        {formatEuros(claim.depositHeldCents)}), le reste sur la carte enregistrée du client (
        {formatEuros(beyondDeposit(claim))} au plus).
      </p>
      {field('amountCents', 'Montant retenu pour les dommages (€)', (props) => (
        <DecimalInput {...props} {...bind('amountCents')} />
      ))}
      {field('note', 'Motif, si vous réduisez le montant (facultatif)', (props) => (
        <textarea {...props} {...bind('note')} rows={3} maxLength={500} className={textareaClass} />
      ))}
      <FormActions
        busy={busy || approve.isPending}
        onCancel={onClose}
        labels={['Approuver', 'Prélèvement...']}
      />
    </form>
  );
}

/** Waiving the damage: nothing is charged for it, and the reason is written down. */
export function WaiveDamageDialog({ claim, onClose }: DialogProps) {
  return (
    <ModalDialog open={claim !== null} onClose={onClose} title="Renoncer aux dommages">
      {claim && <WaiveForm key={claim.id} claim={claim} onClose={onClose} />}
    </ModalDialog>
  );
}

function WaiveForm({ claim, onClose }: { claim: DamageClaim; onClose: () => void }) {
  const waive = useWaiveDamageClaim();
  const { busy, submit, field, bind } = useForm({
    idPrefix: 'waiver',
    initial: { reason: '' },
    check: ({ reason }) =>
      reason.trim().length < 3
        ? {
            ok: false,
            errors: {
              reason:
                'Expliquez pourquoi les dommages ne sont pas facturés (3 caractères au moins).',
            },
          }
        : { ok: true, input: { reason: reason.trim() } },
    save: (body) => waive.mutateAsync({ id: claim.id, body }),
    onSaved: () => {
      notify.success('Succès', 'Dommages abandonnés');
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Renonciation">
      <p className="text-sm text-graphite">
        Réservation {claim.reference} · seuls les kilomètres et le carburant (
        {formatEuros(claim.otherChargesCents)}) sont pris&nbsp;; le reste de la caution est libéré.
      </p>
      {field('reason', 'Motif', (props) => (
        <textarea
          {...props}
          {...bind('reason')}
          rows={3}
          maxLength={500}
          className={textareaClass}
        />
      ))}
      <FormActions
        busy={busy || waive.isPending}
        onCancel={onClose}
        labels={['Renoncer aux dommages', 'Enregistrement...']}
      />
    </form>
  );
}

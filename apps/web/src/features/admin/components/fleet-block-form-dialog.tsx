import {
  FLEET_BLOCK_KIND_LABELS,
  FLEET_BLOCK_KINDS,
  FleetBlockChange,
  FleetBlockRequest,
  type FleetBlock,
  type FleetBlockKind,
} from '@vroum/core/fleet-blocks';
import { useState } from 'react';
import { schemaCheck, useForm } from '../../../components/form/use-form';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { inputClass } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAdminVehicles } from '../api/admin-api';
import { useSaveFleetBlock } from '../api/fleet-blocks-api';
import { FormActions, savedThen, WIDE } from './form-parts';

/** A new block as proposed elsewhere (a damage claim's repair block): what the form starts from. */
export interface FleetBlockDraft {
  vehicleId?: string;
  kind?: FleetBlockKind;
  reason?: string;
  damageClaimId?: string;
}

interface Values {
  vehicleId: string;
  kind: FleetBlockKind;
  /** ISO instants ('' when not chosen), shown and typed in Paris time. */
  start: string;
  end: string;
  reason: string;
}

const HOUR = 3_600_000;
/** The next full hour, and a day later (three for a repair). */
function defaultPeriod(kind: FleetBlockKind) {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  const days = kind === 'repair' ? 3 : 1;
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + days * 24 * HOUR).toISOString(),
  };
}

const initialValues = (block: FleetBlock | null, draft: FleetBlockDraft | null): Values => {
  if (block) {
    return {
      vehicleId: block.vehicleId,
      kind: block.kind,
      start: block.start,
      end: block.end,
      reason: block.reason,
    };
  }
  const kind = draft?.kind ?? 'maintenance';
  return {
    vehicleId: draft?.vehicleId ?? '',
    kind,
    ...defaultPeriod(kind),
    reason: draft?.reason ?? '',
  };
};

/** Immobiliser un véhicule (or change a block): car, kind, dates in Paris time, reason. */
export function FleetBlockFormDialog({
  open,
  block,
  draft = null,
  onClose,
}: {
  open: boolean;
  block: FleetBlock | null;
  draft?: FleetBlockDraft | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={block ? 'Modifier l’immobilisation' : 'Immobiliser un véhicule'}
    >
      <FleetBlockForm
        key={block?.id ?? draft?.damageClaimId ?? 'new'}
        block={block}
        draft={draft}
        onDone={onClose}
      />
    </ModalDialog>
  );
}

function FleetBlockForm({
  block,
  draft,
  onDone,
}: {
  block: FleetBlock | null;
  draft: FleetBlockDraft | null;
  onDone: () => void;
}) {
  const vehicles = useAdminVehicles();
  const save = useSaveFleetBlock();
  // A refusal over bookings lists them: it stays in the form, where it can be read.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { values, set, bind, errors, busy, submit, field } = useForm({
    idPrefix: 'fleet-block',
    initial: () => initialValues(block, draft),
    check: (values: Values) => {
      const common = {
        start: values.start,
        end: values.end,
        kind: values.kind,
        reason: values.reason,
      };
      return block
        ? schemaCheck(FleetBlockChange.safeParse(common))
        : schemaCheck(
            FleetBlockRequest.safeParse({
              ...common,
              vehicleId: values.vehicleId,
              ...(draft?.damageClaimId ? { damageClaimId: draft.damageClaimId } : {}),
            }),
          );
    },
    save: (input) => {
      setRefusal(null);
      return block
        ? save.mutateAsync({ id: block.id, input })
        : save.mutateAsync({ id: null, input: input as FleetBlockRequest });
    },
    onSaved: savedThen(block ? 'Immobilisation modifiée' : 'Véhicule immobilisé', onDone),
    failed: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) setRefusal(error.message);
      else notify.error('Erreur', errorMessage(error));
    },
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Immobilisation"
      className="grid gap-5 md:grid-cols-2"
    >
      {block ? (
        <p className="text-sm text-graphite md:col-span-2">
          Véhicule&nbsp;: <span className="font-semibold text-ink">{block.vehicleName}</span>
        </p>
      ) : (
        field(
          'vehicleId',
          'Véhicule *',
          (props) => (
            <select {...props} {...bind('vehicleId')} className={inputClass}>
              <option value="">Choisir un véhicule</option>
              {(vehicles.data?.vehicles ?? []).map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.name}
                </option>
              ))}
            </select>
          ),
          WIDE,
        )
      )}
      {field(
        'kind',
        'Type *',
        (props) => (
          <select {...props} {...bind('kind')} className={inputClass}>
            {FLEET_BLOCK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {FLEET_BLOCK_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        ),
        WIDE,
      )}
      <DateTimeField
        id="fleet-block-start"
        label="Début (heure de Paris) *"
        value={values.start}
        onChange={(iso) => set('start', iso)}
        {...(errors.start ? { error: errors.start } : {})}
        required
      />
      <DateTimeField
        id="fleet-block-end"
        label="Fin (heure de Paris) *"
        value={values.end}
        onChange={(iso) => set('end', iso)}
        {...(errors.end ? { error: errors.end } : {})}
        required
      />
      {field(
        'reason',
        'Motif *',
        (props) => (
          <textarea
            {...props}
            {...bind('reason')}
            rows={3}
            className={`${inputClass} h-auto py-3`}
          />
        ),
        {
          ...WIDE,
          hint: 'Visible de l’équipe seulement : les clients voient des dates indisponibles.',
        },
      )}
      {refusal && (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 text-sm text-danger md:col-span-2">
          {refusal}
        </p>
      )}
      {values.vehicleId === '' && vehicles.isError && (
        <p role="alert" className="text-sm text-danger md:col-span-2">
          Les véhicules n’ont pas pu être chargés.
        </p>
      )}
      <FormActions
        busy={busy}
        onCancel={onDone}
        labels={block ? undefined : ['Immobiliser', 'Immobilisation...']}
        {...WIDE}
      />
    </form>
  );
}

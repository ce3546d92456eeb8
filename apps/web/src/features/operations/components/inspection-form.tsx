import { formatKilometres } from '@vroum/core/french-typography';
import {
  HandoverReport,
  ReturnReport,
  type Damage,
  type MissionDetail,
  type ReturnRecorded,
} from '@vroum/core/operations';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TextField } from '../../../components/form/form-field';
import {
  useFormState,
  type Checked,
  type FormState,
} from '../../../components/form/use-form-state';
import { SignaturePad } from '../../../components/signature-pad';
import { Button } from '../../../components/ui/button';
import { hintClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { recordHandover, recordReturn, uploadInspectionPhoto } from '../api';
import { usePhotoQueue } from '../photo-queue';
import { DamageEditor } from './damage-editor';
import { AccessoriesField, Block, NoteField, NumberField, TickBox } from './inspection-blocks';
import { InspectionDone } from './inspection-done';
import { FormProblem } from '../../../components/ui/form-problem';

/** The inspection as the agent fills it in: numbers as typed, the signature once drawn. */
interface Inspection {
  checked: boolean;
  odometer: string;
  fuel: string;
  damages: Damage[];
  keys: string;
  accessories: string[];
  interior: string;
  atAgency: boolean;
  damageEuros: string;
  chargeNote: string;
  signer: string;
  signature: string | null;
}

type Report = HandoverReport | ReturnReport;
type Recorded = { reportUrl: string; returned?: ReturnRecorded };

/** The report the shared schema accepts, or the one thing the agent must mend first. */
function checkReport(values: Inspection, delivering: boolean): Checked<Report> {
  const common = {
    odometerKm: values.odometer === '' ? Number.NaN : Number(values.odometer),
    fuelPercent: Number(values.fuel),
    damages: values.damages,
    interiorNote: values.interior,
    keysCount: Number(values.keys),
    accessories: values.accessories,
    signerName: values.signer,
    signature: values.signature ?? '',
  };
  const parsed = delivering
    ? HandoverReport.safeParse({ ...common, identityChecked: values.checked })
    : ReturnReport.safeParse({
        ...common,
        atAgency: values.atAgency,
        damageCents: Math.round(Number(values.damageEuros || '0') * 100),
        chargeNote: values.chargeNote,
      });
  if (parsed.success) return { ok: true, input: parsed.data };
  const field = parsed.error.issues[0]?.path[0];
  return {
    ok: false,
    problem:
      field === 'odometerKm'
        ? 'Relevez le kilométrage du compteur.'
        : field === 'signature'
          ? 'Le client doit signer dans le cadre.'
          : (parsed.error.issues[0]?.message ?? 'Vérifiez le formulaire.'),
  };
}

/**
 * The inspection on the agent's phone, at the handover or the return: the readings, the damages
 * with their photos, keys and accessories, then the customer signs on the screen. At the handover
 * the agent also checks the driver's documents; at the return, where the car was brought back and
 * any new damage's amount. The server computes what is owed and moves the booking on.
 */
export function InspectionForm({
  mission,
  onRecorded,
}: {
  mission: MissionDetail;
  /** Told once the server recorded the report, for the mission's facts above the form. */
  onRecorded: () => void;
}) {
  const delivering = mission.kind === 'delivery';
  const queryClient = useQueryClient();
  const send = useCallback(
    (id: string, photo: Blob) => uploadInspectionPhoto(mission.bookingId, mission.kind, id, photo),
    [mission.bookingId, mission.kind],
  );
  const queue = usePhotoQueue(send);
  const [done, setDone] = useState<Recorded | null>(null);
  const form = useFormState<Inspection, Report, Recorded>({
    initial: {
      checked: false,
      odometer: '',
      fuel: String(mission.handover?.fuelPercent ?? 100),
      damages: [],
      keys: '2',
      accessories: [],
      interior: '',
      atAgency: mission.returnMode === 'agency',
      damageEuros: '',
      chargeNote: '',
      signer: `${mission.driver.firstName} ${mission.driver.lastName}`.trim(),
      signature: null,
    },
    check: (values) =>
      queue.allSent
        ? checkReport(values, delivering)
        : { ok: false, problem: 'Attendez que toutes les photos soient envoyées.' },
    save: async (report): Promise<Recorded> =>
      delivering
        ? {
            reportUrl: (await recordHandover(mission.bookingId, report as HandoverReport))
              .reportUrl,
          }
        : recordReturn(mission.bookingId, report as ReturnReport).then((returned) => ({
            reportUrl: returned.reportUrl,
            returned,
          })),
    onSaved: (result) => {
      setDone(result);
      onRecorded();
      notify.success(
        delivering ? 'Véhicule remis' : 'Véhicule restitué',
        delivering
          ? 'La location a commencé.'
          : result.returned?.damage?.awaitingApproval
            ? 'Les dommages attendent la validation d’un administrateur.'
            : 'La location est terminée.',
      );
      // The list only: the mission's own page keeps the outcome and its report.
      void queryClient.invalidateQueries({ queryKey: ['agent', 'missions'], exact: true });
    },
    failed: { problem: errorMessage },
  });
  const { values, set } = form;

  if (done) return <InspectionDone delivering={delivering} {...done} />;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="grid gap-6"
      aria-label={delivering ? 'Remise du véhicule' : 'Restitution du véhicule'}
    >
      {delivering ? (
        <Block title="Documents du conducteur">
          <TickBox checked={values.checked} onChange={(ticked) => set('checked', ticked)}>
            J’ai vérifié le permis et la pièce d’identité du client&nbsp;: ils correspondent au
            conducteur validé ci-dessus.
          </TickBox>
        </Block>
      ) : (
        <Block title="Lieu de restitution">
          <TickBox checked={values.atAgency} onChange={(ticked) => set('atAgency', ticked)}>
            Le client a rendu le véhicule à l’agence.
          </TickBox>
        </Block>
      )}
      <Block title="Relevés">
        {mission.handover && (
          <p className={hintClass}>
            À la livraison&nbsp;: {formatKilometres(mission.handover.odometerKm)},{' '}
            {mission.handover.fuelPercent}&nbsp;%.
          </p>
        )}
        <NumberField id="odometer" label="Kilométrage (km)" {...form.bind('odometer')} />
        <NumberField
          id="fuel"
          label="Carburant ou charge (%)"
          {...form.bind('fuel')}
          maxDigits={3}
          className="mt-4"
        />
      </Block>
      <Block title="État extérieur et intérieur">
        <p className={hintClass}>Touchez une zone pour relever un dommage et le photographier.</p>
        <DamageEditor
          damages={values.damages}
          onChange={(damages) => set('damages', damages)}
          photos={queue.photos}
          addPhoto={queue.add}
          retry={queue.retry}
        />
        <NoteField
          id="interior"
          label="Intérieur (facultatif)"
          {...form.bind('interior')}
          maxLength={500}
          className="mt-4"
        />
        {!delivering && <ReturnChargeFields form={form} />}
      </Block>
      <Block title={delivering ? 'Clés et accessoires remis' : 'Clés et accessoires rendus'}>
        <NumberField id="keys" label="Nombre de clés" {...form.bind('keys')} maxDigits={1} />
        <AccessoriesField
          value={values.accessories}
          onChange={(accessories) => set('accessories', accessories)}
        />
      </Block>
      <SignatureBlock form={form} delivering={delivering} />
      <FormProblem message={form.problem} />
      <Button type="submit" size="lg" disabled={form.busy}>
        {form.busy
          ? 'Enregistrement…'
          : delivering
            ? 'Valider la remise'
            : 'Valider la restitution'}
      </Button>
    </form>
  );
}

/** At the return, the agent's estimate of the new damages and a note the customer reads. */
function ReturnChargeFields({ form }: { form: FormState<Inspection> }) {
  return (
    <>
      <NumberField
        id="damage-amount"
        label="Montant des nouveaux dommages (€)"
        {...form.bind('damageEuros')}
        className="mt-4"
      />
      <p className={`${hintClass} mt-1`}>
        Votre estimation, montrée par les photos des dommages relevés ci-dessus. Le client n’en paie
        que la part couverte par sa franchise, et seulement après validation par un administrateur.
      </p>
      <NoteField
        id="charge-note"
        label="Note pour le client (facultatif)"
        {...form.bind('chargeNote')}
        maxLength={500}
        height="h-20"
        className="mt-4"
      />
    </>
  );
}

/** The customer acknowledges the car's state under their name, signing on the screen. */
function SignatureBlock({
  form,
  delivering,
}: {
  form: FormState<Inspection>;
  delivering: boolean;
}) {
  return (
    <Block title="Signature du client">
      <p className="text-sm">
        {delivering
          ? 'Le client reconnaît avoir reçu le véhicule dans l’état décrit ci-dessus.'
          : 'Le client reconnaît avoir restitué le véhicule dans l’état décrit ci-dessus.'}
      </p>
      <TextField id="signer" label="Nom du signataire" {...form.bind('signer')} className="mt-3" />
      <div className="mt-3">
        <SignaturePad onChange={(signature) => form.set('signature', signature)} />
      </div>
    </Block>
  );
}

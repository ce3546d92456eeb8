import { formatKilometres } from '@vroum/core/french-typography';
import {
  HandoverReport,
  ReturnReport,
  type Damage,
  type MissionDetail,
  type ReturnRecorded,
} from '@vroum/core/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/form-field';
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
  const [checked, setChecked] = useState(false);
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState(String(mission.handover?.fuelPercent ?? 100));
  const [damages, setDamages] = useState<Damage[]>([]);
  const [keys, setKeys] = useState('2');
  const [accessories, setAccessories] = useState<string[]>([]);
  const [interior, setInterior] = useState('');
  const [atAgency, setAtAgency] = useState(mission.returnMode === 'agency');
  const [damageEuros, setDamageEuros] = useState('');
  const [chargeNote, setChargeNote] = useState('');
  const [signer, setSigner] = useState(
    `${mission.driver.firstName} ${mission.driver.lastName}`.trim(),
  );
  const [signature, setSignature] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ reportUrl: string; returned?: ReturnRecorded } | null>(null);

  const submit = useMutation({
    mutationFn: async (report: HandoverReport | ReturnReport) =>
      delivering
        ? {
            reportUrl: (await recordHandover(mission.bookingId, report as HandoverReport))
              .reportUrl,
          }
        : await recordReturn(mission.bookingId, report as ReturnReport).then((returned) => ({
            reportUrl: returned.reportUrl,
            returned,
          })),
    onSuccess: (result) => {
      setDone(result);
      onRecorded();
      notify.success(
        delivering ? 'Véhicule remis' : 'Véhicule restitué',
        delivering
          ? 'La location a commencé.'
          : 'returned' in result && result.returned.damage?.awaitingApproval
            ? 'Les dommages attendent la validation d’un administrateur.'
            : 'La location est terminée.',
      );
      // The list only: the mission's own page keeps the outcome and its report.
      void queryClient.invalidateQueries({ queryKey: ['agent', 'missions'], exact: true });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!queue.allSent) {
      setProblem('Attendez que toutes les photos soient envoyées.');
      return;
    }
    const common = {
      odometerKm: odometer === '' ? Number.NaN : Number(odometer),
      fuelPercent: Number(fuel),
      damages,
      interiorNote: interior,
      keysCount: Number(keys),
      accessories,
      signerName: signer,
      signature: signature ?? '',
    };
    const parsed = delivering
      ? HandoverReport.safeParse({ ...common, identityChecked: checked })
      : ReturnReport.safeParse({
          ...common,
          atAgency,
          damageCents: Math.round(Number(damageEuros || '0') * 100),
          chargeNote,
        });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      setProblem(
        field === 'odometerKm'
          ? 'Relevez le kilométrage du compteur.'
          : field === 'signature'
            ? 'Le client doit signer dans le cadre.'
            : (parsed.error.issues[0]?.message ?? 'Vérifiez le formulaire.'),
      );
      return;
    }
    submit.mutate(parsed.data);
  };

  if (done) return <InspectionDone delivering={delivering} {...done} />;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6"
      aria-label={delivering ? 'Remise du véhicule' : 'Restitution du véhicule'}
    >
      {delivering ? (
        <Block title="Documents du conducteur">
          <TickBox checked={checked} onChange={setChecked}>
            J’ai vérifié le permis et la pièce d’identité du client&nbsp;: ils correspondent au
            conducteur validé ci-dessus.
          </TickBox>
        </Block>
      ) : (
        <Block title="Lieu de restitution">
          <TickBox checked={atAgency} onChange={setAtAgency}>
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
        <NumberField
          id="odometer"
          label="Kilométrage (km)"
          value={odometer}
          onChange={setOdometer}
        />
        <NumberField
          id="fuel"
          label="Carburant ou charge (%)"
          value={fuel}
          onChange={setFuel}
          maxDigits={3}
          className="mt-4"
        />
      </Block>
      <Block title="État extérieur et intérieur">
        <p className={hintClass}>Touchez une zone pour relever un dommage et le photographier.</p>
        <DamageEditor
          damages={damages}
          onChange={setDamages}
          photos={queue.photos}
          addPhoto={queue.add}
          retry={queue.retry}
        />
        <NoteField
          id="interior"
          label="Intérieur (facultatif)"
          value={interior}
          onChange={setInterior}
          maxLength={500}
          className="mt-4"
        />
        {!delivering && (
          <>
            <NumberField
              id="damage-amount"
              label="Montant des nouveaux dommages (€)"
              value={damageEuros}
              onChange={setDamageEuros}
              className="mt-4"
            />
            <p className={`${hintClass} mt-1`}>
              Votre estimation, montrée par les photos des dommages relevés ci-dessus. Le client
              n’en paie que la part couverte par sa franchise, et seulement après validation par un
              administrateur.
            </p>
            <NoteField
              id="charge-note"
              label="Note pour le client (facultatif)"
              value={chargeNote}
              onChange={setChargeNote}
              maxLength={500}
              height="h-20"
              className="mt-4"
            />
          </>
        )}
      </Block>
      <Block title={delivering ? 'Clés et accessoires remis' : 'Clés et accessoires rendus'}>
        <NumberField
          id="keys"
          label="Nombre de clés"
          value={keys}
          onChange={setKeys}
          maxDigits={1}
        />
        <AccessoriesField value={accessories} onChange={setAccessories} />
      </Block>
      <Block title="Signature du client">
        <p className="text-sm">
          {delivering
            ? 'Le client reconnaît avoir reçu le véhicule dans l’état décrit ci-dessus.'
            : 'Le client reconnaît avoir restitué le véhicule dans l’état décrit ci-dessus.'}
        </p>
        <TextField
          id="signer"
          label="Nom du signataire"
          value={signer}
          onChange={setSigner}
          className="mt-3"
        />
        <div className="mt-3">
          <SignaturePad onChange={setSignature} />
        </div>
      </Block>
      <FormProblem message={problem} />
      <Button type="submit" size="lg" disabled={submit.isPending}>
        {submit.isPending
          ? 'Enregistrement…'
          : delivering
            ? 'Valider la remise'
            : 'Valider la restitution'}
      </Button>
    </form>
  );
}

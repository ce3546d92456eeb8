import {
  HandoverReport,
  type Damage,
  type InspectionRecorded,
  type MissionDetail,
} from '@vroum/core/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { SignaturePad } from '../../../components/signature-pad';
import { Button } from '../../../components/ui/button';
import { hintClass, inputClass, labelClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { recordHandover, uploadInspectionPhoto } from '../api';
import { usePhotoQueue } from '../photo-queue';
import { DamageEditor } from './damage-editor';

const ACCESSORIES = [
  'Certificat d’immatriculation',
  'Gilet et triangle',
  'Câble de recharge',
  'Carte carburant',
  'Siège enfant',
];

/**
 * The handover at delivery, on the agent's phone: the driver's documents checked, the readings,
 * the damages with their photos, keys and accessories, then the customer signs on the screen.
 * The server starts the rental only with identity, contract and deposit hold in place.
 */
export function HandoverForm({ mission }: { mission: MissionDetail }) {
  const queryClient = useQueryClient();
  const send = useCallback(
    (id: string, photo: Blob) => uploadInspectionPhoto(mission.bookingId, 'delivery', id, photo),
    [mission.bookingId],
  );
  const queue = usePhotoQueue(send);
  const [checked, setChecked] = useState(false);
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState('100');
  const [damages, setDamages] = useState<Damage[]>([]);
  const [keys, setKeys] = useState('2');
  const [accessories, setAccessories] = useState<string[]>([]);
  const [interior, setInterior] = useState('');
  const [signer, setSigner] = useState(
    `${mission.driver.firstName} ${mission.driver.lastName}`.trim(),
  );
  const [signature, setSignature] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<InspectionRecorded | null>(null);

  const submit = useMutation({
    mutationFn: (report: HandoverReport) => recordHandover(mission.bookingId, report),
    onSuccess: (recorded) => {
      setDone(recorded);
      notify.success('Véhicule remis', 'La location a commencé.');
      void queryClient.invalidateQueries({ queryKey: ['agent', 'missions'] });
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
    const parsed = HandoverReport.safeParse({
      odometerKm: Number(odometer === '' ? Number.NaN : odometer),
      fuelPercent: Number(fuel),
      identityChecked: checked,
      damages,
      interiorNote: interior,
      keysCount: Number(keys),
      accessories,
      signerName: signer,
      signature: signature ?? '',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue?.path[0] === 'odometerKm'
          ? 'Relevez le kilométrage du compteur.'
          : issue?.path[0] === 'signature'
            ? 'Le client doit signer dans le cadre.'
            : (issue?.message ?? 'Vérifiez le formulaire.'),
      );
      return;
    }
    submit.mutate(parsed.data);
  };

  if (done) {
    return (
      <div role="status" className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
        <p className="font-display text-2xl text-ink">Véhicule remis</p>
        <p className="mt-2 text-sm">
          La location est en cours. Le client reçoit le procès-verbal signé.
        </p>
        <a
          className="mt-3 inline-block text-gold-deep underline"
          href={done.reportUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Procès-verbal de livraison (PDF)
        </a>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Remise du véhicule">
      <Block title="Documents du conducteur">
        <label className="flex min-h-12 items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          J’ai vérifié le permis et la pièce d’identité du client : ils correspondent au conducteur
          validé ci-dessus.
        </label>
      </Block>
      <Block title="Relevés">
        <label className={labelClass} htmlFor="odometer">
          Kilométrage (km)
        </label>
        <input
          id="odometer"
          className={inputClass}
          inputMode="numeric"
          value={odometer}
          onChange={(event) => setOdometer(event.target.value.replace(/\D/g, ''))}
        />
        <label className={`${labelClass} mt-4`} htmlFor="fuel">
          Carburant ou charge (%)
        </label>
        <input
          id="fuel"
          className={inputClass}
          inputMode="numeric"
          value={fuel}
          onChange={(event) => setFuel(event.target.value.replace(/\D/g, '').slice(0, 3))}
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
        <label className={`${labelClass} mt-4`} htmlFor="interior">
          Intérieur (facultatif)
        </label>
        <textarea
          id="interior"
          className={`${inputClass} h-24 py-3`}
          maxLength={500}
          value={interior}
          onChange={(event) => setInterior(event.target.value)}
        />
      </Block>
      <Block title="Clés et accessoires remis">
        <label className={labelClass} htmlFor="keys">
          Nombre de clés
        </label>
        <input
          id="keys"
          className={inputClass}
          inputMode="numeric"
          value={keys}
          onChange={(event) => setKeys(event.target.value.replace(/\D/g, '').slice(0, 1))}
        />
        <fieldset className="mt-4 grid gap-1">
          <legend className={labelClass}>Accessoires</legend>
          {ACCESSORIES.map((item) => (
            <label key={item} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={accessories.includes(item)}
                onChange={(event) =>
                  setAccessories((list) =>
                    event.target.checked ? [...list, item] : list.filter((x) => x !== item),
                  )
                }
              />
              {item}
            </label>
          ))}
        </fieldset>
      </Block>
      <Block title="Signature du client">
        <p className="text-sm">
          Le client reconnaît avoir reçu le véhicule dans l’état décrit ci-dessus.
        </p>
        <label className={`${labelClass} mt-3`} htmlFor="signer">
          Nom du signataire
        </label>
        <input
          id="signer"
          className={inputClass}
          value={signer}
          onChange={(event) => setSigner(event.target.value)}
        />
        <div className="mt-3">
          <SignaturePad onChange={setSignature} />
        </div>
      </Block>
      {problem && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" disabled={submit.isPending}>
        {submit.isPending ? 'Enregistrement…' : 'Valider la remise'}
      </Button>
    </form>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <h2 id={id} className="mb-3 font-display text-2xl text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

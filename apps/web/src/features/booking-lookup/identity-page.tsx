import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_FORMAT_MESSAGE,
  type DocumentSide,
  type DocumentType,
} from '@vroum/core/documents';
import { IdentitySubmission } from '@vroum/core/rental-steps';
import { CircleCheck, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { hintClass, inputClass, labelClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { myDocumentsKey, uploadDocument } from '../../lib/documents';
import { rentalStepsQuery, startHostedIdentity, submitIdentity } from '../../lib/rental-steps';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { SelfieCapture } from './components/selfie-capture';
import { BookingStepPage } from './components/booking-step-page';

interface Slot {
  key: string;
  documentType: DocumentType;
  side?: DocumentSide;
  label: string;
  hint: string;
}

const SLOTS: Slot[] = [
  {
    key: 'id_card',
    documentType: 'id_card',
    side: 'front',
    label: 'Pièce d’identité',
    hint: 'Carte d’identité ou passeport, page avec la photo.',
  },
  {
    key: 'licence_front',
    documentType: 'driver_license',
    side: 'front',
    label: 'Permis de conduire — recto',
    hint: 'Face avec la photo, lisible en entier.',
  },
  {
    key: 'licence_back',
    documentType: 'driver_license',
    side: 'back',
    label: 'Permis de conduire — verso',
    hint: 'Face avec les catégories et leurs dates.',
  },
];

/** /reservation/{id}/identite: the built-in identity check, sent to the team for review. */
export function IdentityPage() {
  const { id = '' } = useParams();
  usePageMeta('Vérification d’identité');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = useQuery(rentalStepsQuery(id));
  const [sent, setSent] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const upload = useMutation({
    mutationFn: async ({ slot, file }: { slot: Slot; file: File }) =>
      uploadDocument({ documentType: slot.documentType, side: slot.side, file }),
    onSuccess: (_document, { slot, file }) => {
      setSent((current) => ({ ...current, [slot.key]: file.name }));
      setErrors(({ [slot.key]: _, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: myDocumentsKey });
    },
    onError: (error, { slot }) =>
      setErrors((current) => ({
        ...current,
        [slot.key]: error instanceof ApiRequestError ? error.message : DOCUMENT_FORMAT_MESSAGE,
      })),
  });

  const submit = useMutation({
    mutationFn: (body: Omit<IdentitySubmission, 'bookingId'>) => submitIdentity(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['booking', id] });
      notify.success('Documents envoyés', 'Notre équipe vérifie votre identité.');
      void navigate(`/reservation/${id}`);
    },
    onError: (error) =>
      notify.error('Erreur', error instanceof ApiRequestError ? error.message : undefined),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = IdentitySubmission.omit({ bookingId: true }).safeParse({
      licenseNumber: form.get('licenseNumber'),
      licenseIssueDate: form.get('licenseIssueDate'),
      documentExpiryDate: form.get('documentExpiryDate'),
    });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors((current) => ({ ...current, ...fieldErrors }));
      return;
    }
    submit.mutate(parsed.data);
  }

  const selfieSlot: Slot = { key: 'selfie', documentType: 'selfie', label: 'Selfie', hint: '' };
  if (steps.data?.identity.provider === 'stripe') return <HostedIdentity bookingId={id} />;
  return (
    <BookingStepPage title="Vérification d’identité" backTo={id} width="max-w-3xl">
      <p className="mt-3 text-graphite">
        Vos documents restent privés&nbsp;: seule notre équipe les consulte, et ils sont supprimés
        30 jours après la fin de votre location. PDF, JPG ou PNG, 5 MB au plus.
      </p>
      {steps.data?.identity.reason && (
        <p role="note" className="mt-4 rounded-xl bg-danger/10 p-4 text-sm text-danger">
          {steps.data.identity.reason}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-6">
        {SLOTS.map((slot) => (
          <div key={slot.key} className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
            <label htmlFor={`file-${slot.key}`} className={labelClass}>
              {slot.label}
            </label>
            <p className={hintClass}>{slot.hint}</p>
            <input
              id={`file-${slot.key}`}
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              className="mt-3 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-paper"
              aria-describedby={errors[slot.key] ? `error-${slot.key}` : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate({ slot, file });
              }}
            />
            <UploadState name={sent[slot.key]} error={errors[slot.key]} id={`error-${slot.key}`} />
          </div>
        ))}
        <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
          <p className={labelClass}>Selfie</p>
          <p className={hintClass}>
            Une photo de votre visage, de face et bien éclairée&nbsp;: nous la comparons à votre
            pièce d’identité.
          </p>
          <div className="mt-3 grid gap-3">
            <SelfieCapture onCapture={(file) => upload.mutate({ slot: selfieSlot, file })} />
            <label htmlFor="file-selfie" className="text-sm text-graphite">
              Ou choisissez une photo
            </label>
            <input
              id="file-selfie"
              type="file"
              accept="image/jpeg,image/png"
              capture="user"
              className="block w-full text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate({ slot: selfieSlot, file });
              }}
            />
          </div>
          <UploadState name={sent.selfie} error={errors.selfie} id="error-selfie" />
        </div>
        <fieldset className="grid gap-4 rounded-2xl bg-paper p-5 ring-1 ring-mist md:grid-cols-3">
          <legend className="px-1 text-sm font-semibold text-ink">Votre permis</legend>
          <Field name="licenseNumber" label="Numéro du permis" error={errors.licenseNumber} />
          <Field
            name="licenseIssueDate"
            label="Date d’obtention du permis"
            type="date"
            error={errors.licenseIssueDate}
          />
          <Field
            name="documentExpiryDate"
            label="Expiration de la pièce d’identité"
            type="date"
            error={errors.documentExpiryDate}
          />
        </fieldset>
        <Button type="submit" size="lg" disabled={submit.isPending || upload.isPending}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Envoyer pour vérification
        </Button>
      </form>
    </BookingStepPage>
  );
}

/** With a hosted provider, the capture happens on its secure page; the customer comes back here. */
function HostedIdentity({ bookingId }: { bookingId: string }) {
  const start = useMutation({
    mutationFn: () => startHostedIdentity(bookingId),
    onSuccess: ({ redirectUrl }) =>
      window.location.assign(redirectUrl ?? `/reservation/${bookingId}`),
    onError: (error) =>
      notify.error('Erreur', error instanceof ApiRequestError ? error.message : undefined),
  });
  return (
    <BookingStepPage title="Vérification d’identité" width="max-w-2xl">
      <p className="mt-3 text-graphite">
        Notre partenaire de vérification vous demande une photo de votre pièce d’identité ou de
        votre permis et un selfie en direct, puis vous ramène à votre réservation.
      </p>
      <Button size="lg" className="mt-6" onClick={() => start.mutate()} disabled={start.isPending}>
        Commencer la vérification
      </Button>
    </BookingStepPage>
  );
}

function UploadState({ name, error, id }: { name?: string; error?: string; id: string }) {
  if (error) {
    return (
      <p id={id} role="alert" className="mt-2 text-sm text-danger">
        {error}
      </p>
    );
  }
  if (!name) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-success">
      <CircleCheck className="h-4 w-4" aria-hidden="true" />
      Reçu&nbsp;: {name}
    </p>
  );
}

function Field({
  name,
  label,
  type = 'text',
  error,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export { IdentityPage as Component };

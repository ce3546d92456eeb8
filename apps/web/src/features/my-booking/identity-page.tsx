import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_FORMAT_MESSAGE, type UserDocument } from '@vroum/core/documents';
import {
  IDENTITY_FILE_LABELS,
  IdentityFile,
  IdentitySubmission,
  type IdentityStep,
} from '@vroum/core/rental-steps';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { schemaCheck, useForm } from '../../components/form/use-form';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { myDocumentsKey, uploadDocument } from '../../lib/documents';
import { rentalStepsQuery, startHostedIdentity, submitIdentity } from '../../lib/rental-steps';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { BookingStepPage } from './components/booking-step-page';
import {
  DOCUMENT_SLOTS,
  DocumentSlot,
  FILE_UPLOADS,
  onFile,
  SelfieSlot,
  type FileState,
} from './components/identity-files';

const Form = IdentitySubmission.omit({ bookingId: true });
type Field = keyof typeof Form.shape;
type Values = Record<Field, string>;
type Submission = Omit<IdentitySubmission, 'bookingId'>;
const FIELDS: { name: Field; label: string; type: string }[] = [
  { name: 'licenseNumber', label: 'Numéro du permis', type: 'text' },
  { name: 'licenseIssueDate', label: 'Date d’obtention du permis', type: 'date' },
  { name: 'documentExpiryDate', label: 'Expiration de la pièce d’identité', type: 'date' },
];

/** What stops a file from going with the check: a refused one not replaced, or none at all. */
function fileProblem(state: FileState): string | undefined {
  if (state.sent) return undefined;
  if (state.refused) return 'Ce document a été refusé\u00a0: choisissez un nouveau fichier.';
  return state.kept ? undefined : 'Ce document est obligatoire.';
}

/** /reservation/{id}/identite: the built-in identity check, sent to the team for review. */
export function IdentityPage() {
  const { id = '' } = useParams();
  usePageMeta('Vérification d’identité');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = useQuery(rentalStepsQuery(id));
  const documents = useQuery({
    queryKey: myDocumentsKey,
    queryFn: ({ signal }) => apiRequest<{ documents: UserDocument[] }>('/me/documents', { signal }),
  });
  const [sent, setSent] = useState<Partial<Record<IdentityFile, string>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<IdentityFile, string>>>({});
  const upload = useMutation({
    mutationFn: ({ file, chosen }: { file: IdentityFile; chosen: File }) =>
      uploadDocument({ ...FILE_UPLOADS[file], file: chosen }),
    onSuccess: (_document, { file, chosen }) => {
      setSent((current) => ({ ...current, [file]: chosen.name }));
      setFileErrors(({ [file]: _, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: myDocumentsKey });
    },
    onError: (error, { file }) =>
      setFileErrors((current) => ({
        ...current,
        [file]: error instanceof ApiRequestError ? error.message : DOCUMENT_FORMAT_MESSAGE,
      })),
  });

  const identity: IdentityStep | undefined = steps.data?.identity;
  const fileState = (file: IdentityFile): FileState => ({
    sent: sent[file],
    refused: identity?.state === 'refused' && identity.refusedFiles.includes(file),
    reason: identity?.reason ?? null,
    kept: documents.data ? onFile(documents.data.documents, file)?.fileName : undefined,
    error: fileErrors[file],
  });

  // Until the customer's documents are read, the server alone says which are missing.
  const missingFiles = (): Partial<Record<IdentityFile, string>> =>
    documents.data
      ? Object.fromEntries(
          IdentityFile.options.flatMap((file) => {
            const problem = fileProblem(fileState(file));
            return problem ? [[file, problem]] : [];
          }),
        )
      : {};
  // A field's problem is told once it was typed in and left, and goes as soon as it is mended.
  const form = useForm<Values, Submission>({
    idPrefix: '',
    initial: { licenseNumber: '', licenseIssueDate: '', documentExpiryDate: '' },
    checkAfterLeaving: true,
    check: (values) => {
      const checked = schemaCheck(Form.safeParse(values));
      return checked.ok && Object.keys(missingFiles()).length > 0 ? { ok: false } : checked;
    },
    save: async (body) => {
      await submitIdentity(id, body);
      await queryClient.invalidateQueries({ queryKey: ['booking', id] });
    },
    onSaved: () => {
      notify.success('Documents envoyés', 'Notre équipe vérifie votre identité.');
      void navigate(`/reservation/${id}`);
    },
    failed: (error) =>
      notify.error('Erreur', error instanceof ApiRequestError ? error.message : undefined),
  });

  if (identity?.provider === 'stripe') return <HostedIdentity bookingId={id} />;
  const refused = identity?.state === 'refused' ? identity : null;
  return (
    <BookingStepPage title="Vérification d’identité" backTo={id} width="max-w-3xl">
      <p className="mt-3 text-graphite">
        Vos documents restent privés&nbsp;: seule notre équipe les consulte, et ils sont supprimés
        30 jours après la fin de votre location. PDF, JPG ou PNG, 5&nbsp;Mo au plus.
      </p>
      {identity?.reason && (
        <div role="note" className="mt-4 rounded-2xl bg-gold-soft p-4 text-sm text-ink">
          <p className="font-semibold">
            {refused ? 'Notre équipe n’a pas pu valider vos documents' : 'À savoir'}
          </p>
          <p className="mt-1">{identity.reason}</p>
          {refused && refused.refusedFiles.length > 0 && (
            <p className="mt-1">
              Envoyez un nouveau fichier pour&nbsp;:{' '}
              {refused.refusedFiles
                .map((file) => IDENTITY_FILE_LABELS[file].toLowerCase())
                .join(', ')}
              . Les autres documents sont gardés.
            </p>
          )}
        </div>
      )}
      <form
        onSubmit={(event) => {
          setFileErrors(missingFiles());
          form.submit(event);
        }}
        noValidate
        className="mt-8 grid gap-6"
      >
        {DOCUMENT_SLOTS.map((slot) => (
          <DocumentSlot
            key={slot.file}
            slot={slot}
            state={fileState(slot.file)}
            disabled={upload.isPending}
            onChoose={(chosen) => upload.mutate({ file: slot.file, chosen })}
          />
        ))}
        <SelfieSlot
          state={fileState('selfie')}
          disabled={upload.isPending}
          onChoose={(chosen) => upload.mutate({ file: 'selfie', chosen })}
        />
        <LicenceFields form={form} />
        <Button type="submit" size="lg" disabled={form.busy || upload.isPending}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Envoyer pour vérification
        </Button>
      </form>
    </BookingStepPage>
  );
}

/** The driving licence's number and date, and the identity document's expiry: all required. */
function LicenceFields({ form }: { form: ReturnType<typeof useForm<Values, Submission>> }) {
  return (
    // A card as the page's others are, its title inside: the fieldset draws no border.
    <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="font-semibold text-ink">Votre permis</legend>
        <p className="text-xs text-stone sm:col-span-2">Les trois champs sont obligatoires.</p>
        {FIELDS.map((field) =>
          form.field(
            field.name,
            field.label,
            (props) => (
              <input
                {...props}
                name={field.name}
                type={field.type}
                required
                className={inputClass}
                {...form.bind(field.name)}
                onBlur={() => form.touch(field.name)}
              />
            ),
            // The licence number on its own line, the two dates side by side.
            {
              required: true,
              className: field.type === 'text' ? 'sm:col-span-2 sm:max-w-sm' : undefined,
            },
          ),
        )}
      </fieldset>
    </div>
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

export { IdentityPage as Component };

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContractSignRequest } from '@vroum/core/rental-steps';
import { CircleCheck, Download, FileText, Mail, PenLine } from 'lucide-react';
import { useParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { inputClass, labelClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { formatLongDateTime } from '../../lib/format';
import {
  contractDocumentUrl,
  contractQuery,
  requestSigningCode,
  signContract,
  startHostedSignature,
  useRentalSteps,
} from '../../lib/rental-steps';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { SignaturePad } from '../../components/signature-pad';
import { FormProblem } from '../../components/ui/form-problem';
import { useFormState, type Checked } from '../../components/form/use-form-state';
import { BookingStepPage } from './components/booking-step-page';

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Une erreur est survenue.';

/**
 * /reservation/{id}/contrat: read the contract prefilled from the booking, consent, confirm with
 * the code sent by e-mail, sign (drawn or typed), then download the sealed PDF.
 */
export function ContractPage() {
  const { id = '' } = useParams();
  usePageMeta('Signature du contrat');
  const contract = useQuery(contractQuery(id));
  const steps = useRentalSteps(id);
  if (contract.isError) {
    return (
      <p role="alert" className="container-page py-24 text-center text-danger">
        {messageOf(contract.error)}
      </p>
    );
  }
  if (!contract.data) {
    return (
      <p role="status" className="container-page py-24 text-center text-stone">
        Chargement...
      </p>
    );
  }
  const signed = contract.data.status === 'signed';
  const hostedSigning = steps.data?.contract.provider === 'yousign';
  return (
    <BookingStepPage title="Contrat de location" backTo={id} width="max-w-4xl">
      {/* The document's fingerprint stays in the proof file and the PDF: the customer reads the
          contract, not its digest. */}
      <p className="mt-2 text-sm text-stone">Version {contract.data.version}</p>
      {signed ? (
        <div
          role="status"
          className="mt-6 flex flex-col gap-4 rounded-2xl bg-success/10 p-6 ring-1 ring-success/25 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="flex items-center gap-2 font-semibold text-success">
              <CircleCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
              {contract.data.signedAt
                ? `Contrat signé le ${formatLongDateTime(contract.data.signedAt)}`
                : 'Contrat signé'}
            </p>
            <p className="mt-2 text-sm text-graphite">
              Votre contrat signé reprend votre réservation&nbsp;: parties, véhicule, dates et
              adresses, chaque ligne du prix, caution, protection et kilométrage, avec les
              conditions générales en annexe et la preuve de votre signature. Un exemplaire vous a
              été envoyé par e-mail.
            </p>
          </div>
          <a
            href={contractDocumentUrl(id, true)}
            download
            className={buttonClass('primary', 'md', 'shrink-0')}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Télécharger le contrat signé
          </a>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-paper p-6 ring-1 ring-mist sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-graphite">
            Votre contrat est prérempli à partir de votre réservation&nbsp;: parties, véhicule,
            dates et adresses, chaque ligne du prix, caution, protection et kilométrage, avec les
            conditions générales en annexe. Lisez-le avant de signer.
          </p>
          <a
            href={contractDocumentUrl(id)}
            target="_blank"
            rel="noopener"
            className={buttonClass('outline', 'md', 'shrink-0')}
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            Lire le contrat (PDF)
          </a>
        </div>
      )}
      {signed ? null : hostedSigning ? (
        <HostedSigning bookingId={id} />
      ) : (
        <ContractSigningForm bookingId={id} version={contract.data.version} />
      )}
    </BookingStepPage>
  );
}

/** With a hosted provider, the customer signs on its secure page and comes back here. */
function HostedSigning({ bookingId }: { bookingId: string }) {
  const hosted = useMutation({
    mutationFn: () => startHostedSignature(bookingId),
    onSuccess: (view) => {
      if (view.signingUrl) window.location.assign(view.signingUrl);
    },
    onError: (failure) => notify.error('Erreur', messageOf(failure)),
  });
  return (
    <div className="mt-8 rounded-3xl bg-paper p-6 ring-1 ring-mist">
      <p className="text-sm text-graphite">
        La signature se fait sur la page sécurisée de notre prestataire de signature électronique,
        avec un code reçu par e-mail&nbsp;; vous revenez ensuite ici.
      </p>
      <Button
        size="lg"
        className="mt-4"
        onClick={() => hosted.mutate()}
        disabled={hosted.isPending}
      >
        <PenLine className="h-4 w-4" aria-hidden="true" />
        Signer sur la page sécurisée
      </Button>
    </div>
  );
}

interface Signing {
  consent: boolean;
  code: string;
  mode: 'drawn' | 'typed';
  drawing: string | null;
  typed: string;
}

/** The signature the shared schema accepts, or what the customer must mend first. */
function checkSigning(values: Signing, version: number): Checked<ContractSignRequest> {
  const parsed = ContractSignRequest.safeParse({
    version,
    consent: values.consent || undefined,
    code: values.code,
    signature:
      values.mode === 'drawn'
        ? { kind: 'drawn', png: values.drawing ?? '' }
        : { kind: 'typed', text: values.typed },
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    problem:
      values.mode === 'drawn' && issue?.path[0] === 'signature'
        ? 'Tracez votre signature dans le cadre.'
        : (issue?.message ?? 'Le formulaire est incomplet.'),
  };
}

/** Consent, the code sent by e-mail, then a drawn or typed signature. */
function ContractSigningForm({ bookingId, version }: { bookingId: string; version: number }) {
  const queryClient = useQueryClient();
  const sendCode = useMutation({
    mutationFn: () => requestSigningCode(bookingId),
    onSuccess: () => notify.success('Code envoyé', 'Consultez votre boîte mail.'),
    onError: (failure) => notify.error('Erreur', messageOf(failure)),
  });
  const form = useFormState<Signing, ContractSignRequest>({
    initial: { consent: false, code: '', mode: 'drawn', drawing: null, typed: '' },
    check: (signing) => checkSigning(signing, version),
    save: async (body) => {
      await signContract(bookingId, body);
      await queryClient.invalidateQueries({ queryKey: ['booking', bookingId] });
    },
    onSaved: () => notify.success('Contrat signé', 'Un exemplaire vous est envoyé par e-mail.'),
    failed: { problem: messageOf },
  });
  const { values } = form;
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="mt-8 grid gap-6 rounded-3xl bg-paper p-6 ring-1 ring-mist"
    >
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          {...form.bindChecked('consent')}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
        />
        J’ai lu et j’accepte le contrat de location et les conditions générales annexées, y compris
        la convention de preuve de la signature électronique.
      </label>
      <div className="grid gap-2">
        <Button
          variant="outline"
          className="sm:justify-self-start"
          onClick={() => sendCode.mutate()}
          disabled={sendCode.isPending}
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          {sendCode.isSuccess ? 'Renvoyer le code' : 'Recevoir le code par e-mail'}
        </Button>
        <label htmlFor="signing-code" className={labelClass}>
          Code reçu par e-mail
        </label>
        <input
          id="signing-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          onChange={(event) => form.set('code', event.target.value.replace(/\D/g, ''))}
          className={`${inputClass} max-w-48 font-mono tracking-[0.4em]`}
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className={labelClass}>Votre signature</legend>
        <div className="flex gap-6 text-sm">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className="h-5 w-5 accent-[var(--color-gold-deep)]"
              checked={values.mode === 'drawn'}
              onChange={() => form.set('mode', 'drawn')}
            />
            Tracer
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className="h-5 w-5 accent-[var(--color-gold-deep)]"
              checked={values.mode === 'typed'}
              onChange={() => form.set('mode', 'typed')}
            />
            Saisir
          </label>
        </div>
        {values.mode === 'drawn' ? (
          <SignaturePad onChange={(drawing) => form.set('drawing', drawing)} />
        ) : (
          <div>
            <label htmlFor="typed-signature" className="sr-only">
              Nom et prénom
            </label>
            <input
              id="typed-signature"
              placeholder="Prénom Nom"
              {...form.bind('typed')}
              className={inputClass}
            />
          </div>
        )}
      </fieldset>
      <FormProblem message={form.problem} />
      <Button type="submit" size="lg" disabled={form.busy}>
        <PenLine className="h-4 w-4" aria-hidden="true" />
        Signer le contrat
      </Button>
    </form>
  );
}

export { ContractPage as Component };

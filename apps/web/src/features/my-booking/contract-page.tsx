import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContractSignRequest } from '@vroum/core/rental-steps';
import { CircleCheck, Download, FileText, Mail, PenLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
  const queryClient = useQueryClient();
  const contract = useQuery(contractQuery(id));
  const steps = useRentalSteps(id);
  const hosted = useMutation({
    mutationFn: () => startHostedSignature(id),
    onSuccess: (view) => {
      if (view.signingUrl) window.location.assign(view.signingUrl);
    },
    onError: (failure) => notify.error('Erreur', messageOf(failure)),
  });
  const [consent, setConsent] = useState(false);
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: () => requestSigningCode(id),
    onSuccess: () => notify.success('Code envoyé', 'Consultez votre boîte mail.'),
    onError: (failure) => notify.error('Erreur', messageOf(failure)),
  });
  const sign = useMutation({
    mutationFn: (body: ContractSignRequest) => signContract(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['booking', id] });
      notify.success('Contrat signé', 'Un exemplaire vous est envoyé par e-mail.');
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ContractSignRequest.safeParse({
      version: contract.data?.version,
      consent: consent || undefined,
      code,
      signature:
        mode === 'drawn' ? { kind: 'drawn', png: drawing ?? '' } : { kind: 'typed', text: typed },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        mode === 'drawn' && issue?.path[0] === 'signature'
          ? 'Tracez votre signature dans le cadre.'
          : (issue?.message ?? 'Le formulaire est incomplet.'),
      );
      return;
    }
    sign.mutate(parsed.data);
  }

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
        <div className="mt-8 rounded-3xl bg-paper p-6 ring-1 ring-mist">
          <p className="text-sm text-graphite">
            La signature se fait sur la page sécurisée de notre prestataire de signature
            électronique, avec un code reçu par e-mail&nbsp;; vous revenez ensuite ici.
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
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="mt-8 grid gap-6 rounded-3xl bg-paper p-6 ring-1 ring-mist"
        >
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
            />
            J’ai lu et j’accepte le contrat de location et les conditions générales annexées, y
            compris la convention de preuve de la signature électronique.
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
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
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
                  checked={mode === 'drawn'}
                  onChange={() => setMode('drawn')}
                />
                Tracer
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="h-5 w-5 accent-[var(--color-gold-deep)]"
                  checked={mode === 'typed'}
                  onChange={() => setMode('typed')}
                />
                Saisir
              </label>
            </div>
            {mode === 'drawn' ? (
              <SignaturePad onChange={setDrawing} />
            ) : (
              <div>
                <label htmlFor="typed-signature" className="sr-only">
                  Nom et prénom
                </label>
                <input
                  id="typed-signature"
                  value={typed}
                  placeholder="Prénom Nom"
                  onChange={(event) => setTyped(event.target.value)}
                  className={inputClass}
                />
              </div>
            )}
          </fieldset>
          <FormProblem message={error} />
          <Button type="submit" size="lg" disabled={sign.isPending}>
            <PenLine className="h-4 w-4" aria-hidden="true" />
            Signer le contrat
          </Button>
        </form>
      )}
    </BookingStepPage>
  );
}

export { ContractPage as Component };

import {
  DOCUMENT_SIDE_LABELS,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
} from '@vroum/core/documents';
import { BadgeCheck, FileText, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeleteDocument, useMyDocuments, useUploadDocument } from '../api/documents';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const TYPES: { value: DocumentType; label: string; hint: string }[] = [
  {
    value: 'id_card',
    label: 'Pièce d’identité',
    hint: 'Carte d’identité ou passeport, recto verso',
  },
  {
    value: 'driver_license',
    label: 'Permis de conduire',
    hint: 'Recto verso, en cours de validité',
  },
  {
    value: 'proof_of_address',
    label: 'Justificatif de domicile',
    hint: 'Datant de moins de 3\u00a0mois',
  },
];
const TYPE_LABELS = Object.fromEntries(TYPES.map((type) => [type.value, type.label]));

/**
 * Profile → Documents: upload an identity document, a driving licence or a proof
 * of address (PDF, JPG or PNG, 5 MB at most; the server checks the content too), then the list,
 * newest first. Inputs are disabled while a file uploads.
 */
export function DocumentsPanel() {
  const documents = useMyDocuments();
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const confirmRemove = (id: string, fileName: string) => {
    if (!window.confirm(`Supprimer le document «\u00a0${fileName}\u00a0»\u00a0?`)) return;
    remove.mutate(id, {
      onSuccess: () => notify.success('Document supprimé'),
      onError: (error) =>
        notify.error(
          'Erreur',
          error instanceof ApiRequestError
            ? error.message
            : 'Impossible de supprimer ce document. Veuillez réessayer.',
        ),
    });
  };
  const [busyType, setBusyType] = useState<DocumentType | null>(null);
  const inputs = useRef<Partial<Record<DocumentType, HTMLInputElement | null>>>({});

  const onFile = (documentType: DocumentType) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      notify.error('Erreur lors de l’upload du document', 'Le fichier ne doit pas dépasser 5 MB');
      return;
    }
    setBusyType(documentType);
    upload.mutate(
      { documentType, file },
      {
        onSuccess: () => notify.success('Document téléchargé avec succès'),
        onError: (error) =>
          notify.error(
            'Erreur lors de l’upload du document',
            error instanceof ApiRequestError ? error.message : undefined,
          ),
        onSettled: () => setBusyType(null),
      },
    );
  };

  const busy = busyType !== null;
  return (
    <div className="space-y-10">
      <div className="grid gap-4 md:grid-cols-3">
        {TYPES.map((type) => (
          <div key={type.value} className="flex flex-col rounded-2xl border border-mist p-5">
            <FileText className="h-6 w-6 text-gold-deep" aria-hidden="true" />
            <p className="mt-3 font-semibold text-ink">{type.label}</p>
            <p className="mt-1 flex-1 text-xs text-stone">{type.hint}</p>
            <input
              ref={(element) => {
                inputs.current[type.value] = element;
              }}
              id={`document-${type.value}`}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              onChange={onFile(type.value)}
              className="sr-only"
              aria-label={`Téléverser\u00a0: ${type.label}`}
            />
            <button
              type="button"
              disabled={busy}
              onClick={() => inputs.current[type.value]?.click()}
              className="mt-4 inline-flex h-10 items-center justify-center gap-2 rounded-full border border-ink/20 text-sm font-semibold hover:bg-ink hover:text-paper disabled:opacity-50"
            >
              <Upload className="h-4 w-4" aria-hidden="true" />
              {busyType === type.value ? 'Envoi en cours…' : 'Téléverser'}
            </button>
          </div>
        ))}
      </div>
      <p className="text-xs text-stone">
        Formats acceptés&nbsp;: PDF, JPG, JPEG ou PNG, 5&nbsp;Mo maximum. Vos documents sont
        privés&nbsp;: seuls vous et notre équipe de vérification y avez accès.
      </p>
      <section aria-labelledby="mes-documents-title">
        <h2 id="mes-documents-title" className="font-display text-2xl text-ink">
          Mes documents
        </h2>
        {documents.isPending && <p className="mt-3 text-sm text-stone">Chargement...</p>}
        {documents.isError && (
          <p className="mt-3 text-sm text-danger">Impossible de charger vos documents.</p>
        )}
        {documents.data?.documents.length === 0 && (
          <p className="mt-3 text-sm text-stone">Aucun document pour le moment.</p>
        )}
        <ul className="mt-4 divide-y divide-mist rounded-2xl border border-mist">
          {documents.data?.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-4 p-4">
              <FileText className="h-5 w-5 text-stone" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">
                  {TYPE_LABELS[document.documentType] ??
                    DOCUMENT_TYPE_LABELS[document.documentType]}
                  {document.side && ` (${DOCUMENT_SIDE_LABELS[document.side]})`}
                </p>
                <p className="truncate text-xs text-stone">
                  {document.fileName} · {formatLongDate(document.uploadedAt)}
                </p>
              </div>
              {document.verified ? (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
                  <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Vérifié
                </span>
              ) : (
                <span className="text-xs text-stone">En cours de vérification</span>
              )}
              <a
                href={document.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
              >
                Voir
              </a>
              {/* A verified document backs the checks of the customer's rentals: it stays. */}
              {!document.verified && (
                <button
                  type="button"
                  onClick={() => confirmRemove(document.id, document.fileName)}
                  disabled={remove.isPending}
                  aria-label={`Supprimer ${document.fileName}`}
                  className="text-sm font-semibold text-danger underline-offset-4 hover:underline disabled:opacity-60"
                >
                  Supprimer
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

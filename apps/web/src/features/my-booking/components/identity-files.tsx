import type { UserDocument } from '@vroum/core/documents';
import { IDENTITY_FILE_LABELS, type IdentityFile } from '@vroum/core/rental-steps';
import { CircleAlert, CircleCheck, FileCheck } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { FileField } from '../../../components/ui/file-field';
import { SelfieCapture } from './selfie-capture';

export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The three documents of the check, each with where it goes and what the customer is asked for. */
export const DOCUMENT_SLOTS: {
  file: Exclude<IdentityFile, 'selfie'>;
  hint: string;
  capture?: InputHTMLAttributes<HTMLInputElement>['capture'];
}[] = [
  { file: 'id_card', hint: 'Carte d’identité ou passeport, page avec la photo.' },
  {
    file: 'licence_front',
    hint: 'Face avec la photo, lisible en entier.',
    capture: 'environment',
  },
  {
    file: 'licence_back',
    hint: 'Face avec les catégories et leurs dates.',
    capture: 'environment',
  },
];

/** Each file's type and side on the server. */
export const FILE_UPLOADS: Record<
  IdentityFile,
  Pick<UserDocument, 'documentType'> & { side?: 'front' | 'back' }
> = {
  id_card: { documentType: 'id_card', side: 'front' },
  licence_front: { documentType: 'driver_license', side: 'front' },
  licence_back: { documentType: 'driver_license', side: 'back' },
  selfie: { documentType: 'selfie' },
};

/** The newest document of the customer for one file of the check. */
export function onFile(documents: UserDocument[], file: IdentityFile): UserDocument | undefined {
  const { documentType, side = 'front' } = FILE_UPLOADS[file];
  return documents.find(
    (document) => document.documentType === documentType && (document.side ?? 'front') === side,
  );
}

/** Where one file stands: sent now, refused by the team, already on file, or not chosen. */
export interface FileState {
  sent?: string;
  refused: boolean;
  /** The reason the team gave, told under each refused file. */
  reason: string | null;
  kept?: string;
  error?: string;
}

function FileStatus({ state }: { state: FileState }) {
  if (state.sent) {
    return (
      <p className="flex items-center gap-1.5 text-success">
        <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
        Reçu&nbsp;: {state.sent}
      </p>
    );
  }
  if (state.refused) {
    return (
      <p className="flex items-start gap-1.5 text-danger">
        <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Refusé par notre équipe{state.reason ? ` (${state.reason})` : ''}&nbsp;: choisissez un
          nouveau fichier.
        </span>
      </p>
    );
  }
  if (state.kept) {
    return (
      <p className="flex items-center gap-1.5">
        <FileCheck className="h-4 w-4 shrink-0 text-stone" aria-hidden="true" />
        Déjà reçu&nbsp;: {state.kept}, vous pouvez le garder.
      </p>
    );
  }
  return <p>Aucun fichier choisi</p>;
}

/** One document of the check, in its card. */
export function DocumentSlot({
  slot,
  state,
  disabled,
  onChoose,
}: {
  slot: (typeof DOCUMENT_SLOTS)[number];
  state: FileState;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  return (
    <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <FileField
        id={`file-${slot.file}`}
        label={IDENTITY_FILE_LABELS[slot.file]}
        hint={slot.hint}
        action={
          state.refused && !state.sent
            ? 'Choisir un nouveau fichier'
            : state.sent || state.kept
              ? 'Remplacer le fichier'
              : 'Choisir un fichier'
        }
        accept={DOCUMENT_ACCEPT}
        capture={slot.capture}
        disabled={disabled}
        status={<FileStatus state={state} />}
        error={state.error}
        onFiles={([file]) => file && onChoose(file)}
      />
    </div>
  );
}

/** The selfie: from the camera, or a photo chosen (the front camera on a phone). */
export function SelfieSlot({
  state,
  disabled,
  onChoose,
}: {
  state: FileState;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  return (
    <div className="rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <p className="text-sm font-semibold text-ink">{IDENTITY_FILE_LABELS.selfie}</p>
      <p className="mt-1.5 text-xs text-stone">
        Une photo de votre visage, de face et bien éclairée&nbsp;: nous la comparons à votre pièce
        d’identité.
      </p>
      <div className="mt-3 grid gap-4">
        <SelfieCapture onCapture={onChoose} />
        <FileField
          id="file-selfie"
          label="Ou choisissez une photo"
          action="Choisir une photo"
          accept="image/jpeg,image/png"
          capture="user"
          disabled={disabled}
          status={<FileStatus state={state} />}
          error={state.error}
          onFiles={([file]) => file && onChoose(file)}
        />
      </div>
    </div>
  );
}

import {
  IDENTITY_FILE_LABELS,
  identityFilesToReplace,
  type IdentityFile,
  type IdentityRefusal,
  type IdentityStep,
} from '@vroum/core/rental-steps';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findLatestCheck, type IdentityCheckRow } from './identity.repository';

/** The files the built-in check needs, as `type:side`, with what the customer is asked for. */
export const REQUIRED_IDENTITY_FILES: readonly {
  file: IdentityFile;
  kind: string;
  label: string;
}[] = [
  { file: 'id_card', kind: 'id_card:front', label: 'Pièce d’identité' },
  { file: 'licence_front', kind: 'driver_license:front', label: 'Permis de conduire (recto)' },
  { file: 'licence_back', kind: 'driver_license:back', label: 'Permis de conduire (verso)' },
  { file: 'selfie', kind: 'selfie:front', label: 'Selfie' },
];

/** The customer's latest check, when it was refused: the profile tells what to send again. */
export async function myIdentityRefusal(
  deps: { db: Queryable },
  userId: string,
): Promise<IdentityRefusal | null> {
  const check = await findLatestCheck(deps.db, userId);
  if (check?.status !== 'rejected') return null;
  return {
    bookingId: check.booking_id,
    reason: check.rejection_reason,
    refusedFiles: refusedFilesOf(check),
  };
}

/** A hosted provider's refusal names no file of ours: its own page asks again. */
export const refusedFilesOf = (check: IdentityCheckRow): IdentityFile[] =>
  check.provider === 'builtin'
    ? identityFilesToReplace(check.rejection_code, check.refused_files)
    : [];

/**
 * After a refusal, each file the team refused must be a new one: the same illegible scan sent
 * back would only be refused again.
 */
export function assertRefusedFilesReplaced(
  step: IdentityStep,
  refused: IdentityCheckRow | null,
  files: Map<string, { id: string }>,
): void {
  if (step.state !== 'refused' || !refused) return;
  const stale = REQUIRED_IDENTITY_FILES.filter(
    ({ file, kind }) =>
      step.refusedFiles.includes(file) && refused.document_ids.includes(files.get(kind)?.id ?? ''),
  );
  if (stale.length === 0) return;
  const names = stale.map(({ file }) => IDENTITY_FILE_LABELS[file].toLowerCase()).join(', ');
  throw new AppError(
    'refused_documents_not_replaced',
    `Envoyez un nouveau fichier pour\u00a0: ${names}. Le précédent a été refusé (${step.reason ?? 'motif indiqué par notre équipe'}).`,
    422,
    'documents',
  );
}

import type { FastifyBaseLogger } from 'fastify';
import {
  DOCUMENT_FORMAT_MESSAGE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE_MESSAGE,
  type DocumentSide,
  type DocumentType,
  type UserDocument,
} from '@vroum/core/documents';
import type { Database, Queryable } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart-upload';
import type { ObjectStorage, StoredObject } from '../../providers/storage/object-storage';
import { writeAudit } from '../audit/audit.service';
import { checkDocumentImage, detectDocumentFormat } from './document-format';
import { checkDocumentLink, createDocumentUrl, type DocumentLink } from './document-links';
import {
  deleteDocumentsByIds,
  deleteReplacedDocuments,
  deleteUserDocument,
  findDocument,
  findUserDocuments,
  insertDocument,
  lockUserDocuments,
  recordUploadStart,
  userDocumentsBytes,
  type DocumentRecord,
} from './documents.repository';

export interface DocumentsDeps {
  db: Database;
  storage: ObjectStorage;
  /** Signs the links to the files (config.auth.secret). */
  secret: string;
  log: FastifyBaseLogger;
}

/** Who opens a file: its owner, or an administrator (checked only when not the owner). */
export interface DocumentViewer {
  id: string;
  isAdmin(): Promise<boolean>;
}

export const fileTooLarge = () =>
  new AppError('file_too_large', DOCUMENT_TOO_LARGE_MESSAGE, 413, 'file');
/**
 * Upload quota per user: a customer sends half a dozen files for a rental (both sides of two
 * documents, a selfie, a proof of address) and may retry some; more than this in ten minutes is
 * not a customer. A new file replaces the earlier unverified one of its type and side, so stored
 * files stay few; the total size is a last bound.
 */
export const UPLOADS_PER_WINDOW = 20;
export const UPLOAD_WINDOW_MS = 10 * 60_000;
export const USER_DOCUMENTS_MAX_BYTES = 60 * 1024 * 1024;

const documentNotFound = () => notFound('Document introuvable.', 'document_not_found');

function toUserDocument(record: DocumentRecord, secret: string, now: Date): UserDocument {
  return {
    id: record.id,
    documentType: record.documentType,
    side: record.side,
    fileName: record.fileName,
    verified: record.verified,
    uploadedAt: record.uploadedAt.toISOString(),
    url: createDocumentUrl(secret, record.id, now.getTime()),
  };
}

/**
 * Checks the file (size, then extension and content, an image decoded in full), stores it under
 * `{userId}/{documentType}_{timestamp}.{ext}`, then records it. A failed store writes
 * no row; a failed insert removes the stored object.
 */
export async function uploadDocument(
  deps: DocumentsDeps,
  userId: string,
  kind: { documentType: DocumentType; side?: DocumentSide | undefined },
  file: UploadedFile,
  now = new Date(),
): Promise<UserDocument> {
  const { documentType } = kind;
  const side = kind.side ?? null;
  if (file.data.length > DOCUMENT_MAX_BYTES) throw fileTooLarge();
  if (file.data.length === 0) throw badRequest('Le fichier est vide.', 'file', 'empty_file');
  const format = await detectDocumentFormat(file.fileName, file.data);
  if (!format) throw badRequest(DOCUMENT_FORMAT_MESSAGE, 'file', 'unsupported_format');
  await checkDocumentImage(format, file.data);

  const startedAt = await claimUploadSlot(deps, userId, file.data.length, now);

  const storageKey = `${userId}/${documentType}${side ? `-${side}` : ''}_${startedAt.getTime()}.${format.extension}`;
  try {
    await deps.storage.put(storageKey, file.data, format.contentType);
  } catch (error) {
    deps.log.error({ err: error, storage: deps.storage.name }, 'document not stored');
    throw new AppError('upload_failed', "Erreur lors de l'upload du document", 500);
  }

  try {
    const { record, replaced } = await deps.db.transaction(async (tx) => {
      await lockUserDocuments(tx, userId);
      const inserted = await insertDocument(tx, {
        userId,
        documentType,
        side,
        fileName: cleanFileName(file.fileName, `${documentType}.${format.extension}`),
        storageKey,
        contentType: format.contentType,
        sizeBytes: file.data.length,
        uploadedAt: startedAt,
      });
      return { record: inserted, replaced: await deleteReplacedDocuments(tx, inserted) };
    });
    for (const key of replaced) {
      await deps.storage.delete(key).catch((error: unknown) => {
        deps.log.error({ err: error, storageKey: key }, 'orphan document object');
      });
    }
    return toUserDocument(record, deps.secret, now);
  } catch (error) {
    deps.log.error({ err: error }, 'document not recorded; removing the stored object');
    await deps.storage.delete(storageKey).catch((cleanupError: unknown) => {
      deps.log.error({ err: cleanupError, storageKey }, 'orphan document object left in storage');
    });
    throw new AppError('save_failed', "Erreur lors de l'enregistrement du document", 500);
  }
}

/**
 * Counts the upload against the user's quota, refusing it with a French message when spent;
 * answers the upload's start, unique for the user, which names its file.
 */
async function claimUploadSlot(
  deps: DocumentsDeps,
  userId: string,
  bytes: number,
  now: Date,
): Promise<Date> {
  return deps.db.transaction(async (tx) => {
    await lockUserDocuments(tx, userId);
    const since = new Date(now.getTime() - UPLOAD_WINDOW_MS);
    const { count, startedAt } = await recordUploadStart(tx, userId, now, since);
    if (count > UPLOADS_PER_WINDOW) {
      throw new AppError(
        'too_many_uploads',
        'Vous avez envoyé beaucoup de documents en peu de temps. Réessayez dans quelques minutes.',
        429,
        'file',
      );
    }
    if ((await userDocumentsBytes(tx, userId)) + bytes > USER_DOCUMENTS_MAX_BYTES) {
      throw new AppError(
        'documents_quota',
        'Vos documents occupent déjà l’espace autorisé. Supprimez-en un avant d’en envoyer un autre.',
        413,
        'file',
      );
    }
    return startedAt;
  });
}

export async function listDocuments(
  deps: DocumentsDeps,
  userId: string,
  now = new Date(),
): Promise<UserDocument[]> {
  const records = await findUserDocuments(deps.db, userId);
  return records.map((record) => toUserDocument(record, deps.secret, now));
}

/**
 * The file behind a signed link. The link alone is not enough: the viewer must own the document
 * or be an administrator.
 */
export async function openDocumentFile(
  deps: DocumentsDeps,
  viewer: DocumentViewer,
  documentId: string,
  link: DocumentLink,
  now = new Date(),
): Promise<{ fileName: string; file: StoredObject }> {
  switch (checkDocumentLink(deps.secret, documentId, link, now.getTime())) {
    case 'forged':
      throw new AppError('invalid_link', 'Ce lien vers le document n’est pas valide.', 403);
    case 'expired':
      throw new AppError(
        'link_expired',
        'Ce lien vers le document a expiré. Actualisez la page pour en obtenir un nouveau.',
        403,
      );
    case 'valid':
      break;
  }
  const record = await findDocument(deps.db, documentId);
  if (!record) throw documentNotFound();
  if (record.userId !== viewer.id) {
    if (!(await viewer.isAdmin())) {
      throw new AppError('forbidden', 'Vous n’avez pas accès à ce document.', 403);
    }
    // Every look by the team at a customer's identity document is traced.
    await writeAudit(deps.db, {
      actorUserId: viewer.id,
      action: 'document.view',
      entity: 'document',
      entityId: record.id,
      before: null,
      after: { userId: record.userId, documentType: record.documentType },
    });
  }
  const file = await deps.storage.get(record.storageKey);
  if (!file) {
    deps.log.error({ documentId, storageKey: record.storageKey }, 'document file missing');
    throw notFound('Le fichier de ce document est introuvable.', 'file_not_found');
  }
  return { fileName: record.fileName, file };
}

/**
 * Removes the user's own document: the row, then the stored object. A document the team has
 * verified backs the identity checks of the customer's rentals: it is removed on request to the
 * team, not from the account.
 */
export async function deleteDocument(
  deps: DocumentsDeps,
  userId: string,
  documentId: string,
): Promise<void> {
  const record = await deleteUserDocument(deps.db, userId, documentId);
  if (!record) throw documentNotFound();
  if (record === 'verified') {
    throw conflict(
      'Ce document a été vérifié par notre équipe : contactez-nous pour le retirer.',
      'document_verified',
    );
  }
  await deps.storage.delete(record.storageKey).catch((error: unknown) => {
    deps.log.error({ err: error, storageKey: record.storageKey }, 'orphan document object');
  });
}

/** The name as shown to the user: its last path segment, without control characters. */
function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-200) || fallback;
}

/** A document by its id, whoever owns it (the identity check reads the documents it names). */
export async function getDocument(db: Queryable, id: string): Promise<DocumentRecord | null> {
  return findDocument(db, id);
}

/** Removes documents by id (identity images whose retention ended); returns their storage keys. */
export async function deleteDocuments(db: Queryable, ids: string[]): Promise<string[]> {
  return deleteDocumentsByIds(db, ids);
}

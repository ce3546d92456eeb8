import { createHash, randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../lib/app-error';
import type { Database } from '../../db/client';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { renderInPdfWorker } from '../../lib/pdf-pool';
import type { renderDocumentPdf } from './invoice-pdf';
import { findDocument, listCustomerDocuments, type DocumentRow } from './invoicing-read.repository';
import { findDocumentFile, insertDocumentFile } from './invoicing.repository';

interface FilesDeps {
  db: Database;
  storage: ObjectStorage;
  site: { brandName: string };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Renders the document's PDF and stores it once: the first rendering recorded is the document's
 * file for good (its digest kept); a rendering that lost a race removes its own object. Each
 * rendering has its own key, so a stored file is never overwritten.
 */
export async function storeDocumentPdf(deps: FilesDeps, documentId: string): Promise<void> {
  if (await findDocumentFile(deps.db, documentId)) return;
  const doc = await findDocument(deps.db, documentId);
  if (!doc) return;
  const pdf = await renderInPdfWorker<typeof renderDocumentPdf>(
    'invoice',
    doc,
    deps.site.brandName,
  );
  const key = `invoicing/${doc.number}-${randomUUID()}.pdf`;
  await deps.storage.put(key, Buffer.from(pdf), 'application/pdf');
  const recorded = await insertDocumentFile(deps.db, documentId, {
    storage_key: key,
    sha256: sha256(pdf),
  });
  if (!recorded) await deps.storage.delete(key);
}

/**
 * The stored PDF of a document (stored now if the job has not yet), checked against the digest
 * kept when it was stored: a file changed in the storage is refused, never served.
 */
export async function readDocumentPdf(
  deps: FilesDeps,
  doc: DocumentRow,
): Promise<{ fileName: string; bytes: Buffer }> {
  await storeDocumentPdf(deps, doc.id);
  const file = await findDocumentFile(deps.db, doc.id);
  const stored = file ? await deps.storage.get(file.storage_key) : null;
  if (!file || !stored) throw notFound('Document introuvable.', 'document_not_found');
  const bytes = await readObjectBytes(stored.body);
  if (sha256(bytes) !== file.sha256) {
    throw new AppError(
      'document_altered',
      'Ce document ne correspond plus à celui qui a été émis : contactez-nous.',
      409,
    );
  }
  const prefix = doc.kind === 'invoice' ? 'facture' : 'avoir';
  return { fileName: `${prefix}-${doc.number}.pdf`, bytes };
}

/** Every invoice and credit note of a customer with its PDF as issued (the data export). */
export async function readCustomerDocumentPdfs(
  deps: FilesDeps,
  userId: string,
): Promise<{ fileName: string; bytes: Buffer }[]> {
  const documents = await listCustomerDocuments(deps.db, userId);
  const files = [];
  for (const doc of documents) files.push(await readDocumentPdf(deps, doc));
  return files;
}

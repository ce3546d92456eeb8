import type { DocumentSide, DocumentType, UserDocument } from '@vroum/core/documents';
import { ApiRequestError } from './api-client';

/** The query key of the signed-in user's documents, shared by the pages that upload one. */
export const myDocumentsKey = ['me', 'documents'] as const;

/** Sends one document (multipart: type, side and file); the server checks size and format. */
export async function uploadDocument(input: {
  documentType: DocumentType;
  side?: DocumentSide;
  file: File;
}): Promise<UserDocument> {
  const body = new FormData();
  body.append('documentType', input.documentType);
  if (input.side) body.append('side', input.side);
  body.append('file', input.file);
  const response = await fetch('/api/v1/me/documents', {
    method: 'POST',
    credentials: 'same-origin',
    body,
  });
  const payload = (await response.json().catch(() => null)) as
    UserDocument | { error?: { code: string; message: string } } | null;
  if (!response.ok) {
    const error = payload && 'error' in payload ? payload.error : undefined;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? 'Erreur lors de l’upload du document',
    );
  }
  return payload as UserDocument;
}

import type { DocumentSide, DocumentType, UserDocument } from '@vroum/core/documents';
import { apiRequest, ApiRequestError } from './api-client';

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
  try {
    return await apiRequest<UserDocument>('/me/documents', { method: 'POST', form: body });
  } catch (error) {
    // An answer without the server's message (a proxy's page, a cut connection) says what failed.
    if (error instanceof ApiRequestError && error.code === 'http_error') {
      throw new ApiRequestError(error.status, error.code, 'Erreur lors de l’upload du document');
    }
    throw error;
  }
}

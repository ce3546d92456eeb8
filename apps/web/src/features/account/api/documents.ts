import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, UserDocument } from '@vroum/core/documents';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';

const documentsKey = ['me', 'documents'] as const;

export const useMyDocuments = () =>
  useQuery({
    queryKey: documentsKey,
    queryFn: ({ signal }) => apiRequest<{ documents: UserDocument[] }>('/me/documents', { signal }),
  });

async function uploadDocument(input: {
  documentType: DocumentType;
  file: File;
}): Promise<UserDocument> {
  const body = new FormData();
  body.append('documentType', input.documentType);
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

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

/** Removes one of my documents; one the team has verified stays (409 with the way to ask). */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/me/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

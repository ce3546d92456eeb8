import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDocument } from '@vroum/core/documents';
import { apiRequest } from '../../../lib/api-client';
import { myDocumentsKey as documentsKey, uploadDocument } from '../../../lib/documents';

export const useMyDocuments = () =>
  useQuery({
    queryKey: documentsKey,
    queryFn: ({ signal }) => apiRequest<{ documents: UserDocument[] }>('/me/documents', { signal }),
  });

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

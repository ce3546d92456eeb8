import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FleetBlock,
  FleetBlockChange,
  FleetBlockList,
  FleetBlockRequest,
} from '@vroum/core/fleet-blocks';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['admin', 'fleet-blocks'] as const;

/** The live blocks not over yet, or, given a period, those overlapping it (the planning). */
export const useFleetBlocks = (period?: { from: string; to: string }) =>
  useQuery({
    queryKey: [...KEY, period?.from ?? '', period?.to ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<FleetBlockList>('/admin/fleet-blocks', { query: period, signal }),
  });

/** Creates a block, or changes one's dates, kind and reason. */
export function useSaveFleetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      save: { id: null; input: FleetBlockRequest } | { id: string; input: FleetBlockChange },
    ) =>
      apiRequest<FleetBlock>(
        save.id ? `/admin/fleet-blocks/${encodeURIComponent(save.id)}` : '/admin/fleet-blocks',
        { method: save.id ? 'PUT' : 'POST', body: save.input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useLiftFleetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<FleetBlock>(`/admin/fleet-blocks/${encodeURIComponent(id)}/lift`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteList } from '@vroum/core/favorites';
import { apiRequest } from './api-client';
import { useAuth } from './auth/auth-context';

/** The signed-in user's favourites; live events invalidate it (lib/live-events). */
export const favoritesQuery = () =>
  queryOptions({
    queryKey: ['me', 'favorites'],
    queryFn: ({ signal }) => apiRequest<FavoriteList>('/me/favorites', { signal }),
  });

const NONE: ReadonlySet<string> = new Set();
const toIdSet = (list: FavoriteList): ReadonlySet<string> => new Set(list.vehicleIds);

/** Ids of the signed-in user's favourite vehicles; empty when signed out or not loaded yet. */
export function useFavoriteIds(): ReadonlySet<string> {
  const { user } = useAuth();
  const query = useQuery({
    ...favoritesQuery(),
    enabled: user !== null,
    select: toIdSet,
  });
  return (user && query.data) || NONE;
}

/** Adds (favorite: true) or removes a vehicle; the list is updated once the server agreed. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, favorite }: { vehicleId: string; favorite: boolean }) =>
      apiRequest<void>(`/me/favorites/${encodeURIComponent(vehicleId)}`, {
        method: favorite ? 'PUT' : 'DELETE',
      }),
    onSuccess: async (_result, { vehicleId, favorite }) => {
      const { queryKey } = favoritesQuery();
      const list = queryClient.getQueryData(queryKey);
      if (list) {
        const others = list.vehicleIds.filter((id) => id !== vehicleId);
        queryClient.setQueryData(queryKey, {
          vehicleIds: favorite ? [vehicleId, ...others] : others,
        });
      }
      // A list not loaded yet, or being read again, may be the server's answer from before this
      // change (a heart clicked as the page starts): that reading is dropped and the list read
      // again, the heart staying in progress until it shows the server's state.
      if (!list || queryClient.isFetching({ queryKey }) > 0) {
        await queryClient.cancelQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

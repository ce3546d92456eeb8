import { useQuery } from '@tanstack/react-query';
import type { PublicReviewList } from '@vroum/core/admin';
import { apiRequest } from '../../../lib/api-client';

/** The published reviews of a vehicle (an administrator publishes them). */
export const useVehicleReviews = (slug: string) =>
  useQuery({
    queryKey: ['vehicle', slug, 'reviews'],
    queryFn: ({ signal }) =>
      apiRequest<PublicReviewList>(`/vehicles/${encodeURIComponent(slug)}/reviews`, { signal }),
  });

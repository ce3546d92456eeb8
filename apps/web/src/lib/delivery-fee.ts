import { useQuery } from '@tanstack/react-query';
import { fetchDeliveryFee } from './addresses';

/** The server's delivery fee for an address, in cents; undefined while unknown. */
export function useDeliveryFee(address: string): {
  feeCents: number | undefined;
  loading: boolean;
  failed: boolean;
} {
  const text = address.trim();
  const query = useQuery({
    queryKey: ['delivery-fee', text],
    queryFn: ({ signal }) => fetchDeliveryFee(text, signal),
    enabled: text.length >= 3,
    retry: false,
    staleTime: Infinity,
  });
  return { feeCents: query.data?.feeCents, loading: query.isLoading, failed: query.isError };
}

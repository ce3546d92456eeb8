import { useQuery } from '@tanstack/react-query';
import { fetchDeliveryFee } from '../../../lib/addresses';

/** The server's delivery fee for an address, in cents; undefined while unknown. */
export function useDeliveryFee(address: string): { feeCents: number | undefined; failed: boolean } {
  const text = address.trim();
  const query = useQuery({
    queryKey: ['delivery-fee', text],
    queryFn: ({ signal }) => fetchDeliveryFee(text, signal),
    enabled: text.length >= 3,
    retry: false,
    staleTime: Infinity,
  });
  return { feeCents: query.data?.feeCents, failed: query.isError };
}

import { fetchDeliveryFee } from './addresses';
import { useRead } from './reads';

/** The server's delivery fee for an address, in cents; undefined while unknown. */
export function useDeliveryFee(address: string): {
  feeCents: number | undefined;
  loading: boolean;
  failed: boolean;
} {
  const text = address.trim();
  const query = useRead({
    key: ['delivery-fee', text],
    read: (signal) => fetchDeliveryFee(text, signal),
    enabled: text.length >= 3,
    retry: false,
    staleTime: Infinity,
  });
  return { feeCents: query.data?.feeCents, loading: query.isLoading, failed: query.isError };
}

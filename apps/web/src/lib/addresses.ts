import type { AddressSuggestions, GeocodedAddress } from '@vroum/core/address';
import type { DeliveryQuote } from '@vroum/core/delivery';
import { apiRequest } from './api-client';

/**
 * Up to 5 French addresses, places or postcodes matching the text; a failure gives an empty list.
 */
export async function searchAddresses(
  text: string,
  signal?: AbortSignal,
): Promise<GeocodedAddress[]> {
  const { suggestions } = await apiRequest<AddressSuggestions>('/addresses', {
    query: { q: text },
    signal,
  });
  return suggestions;
}

export interface DeliveryFeeAnswer extends DeliveryQuote {
  address: GeocodedAddress;
}

/** The delivery fee the server computes for an address (free in Île-de-France). */
export function fetchDeliveryFee(
  address: string,
  signal?: AbortSignal,
): Promise<DeliveryFeeAnswer> {
  return apiRequest<DeliveryFeeAnswer>('/delivery-fee', { query: { address }, signal });
}

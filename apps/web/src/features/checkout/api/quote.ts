import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest, QuoteResponse } from '@vroum/core/checkout';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';

/** POST /api/v1/quotes: the server's price of the rental (public; amounts in cents). */
export const quoteQuery = (request: QuoteRequest) =>
  queryOptions({
    queryKey: ['quote', request],
    queryFn: ({ signal }) =>
      apiRequest<QuoteResponse>('/quotes', { method: 'POST', body: request, signal }),
    staleTime: 60_000,
    // A refused quote (unknown vehicle, address, invalid promo) is an answer, not a failure.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });

export const useQuote = (request: QuoteRequest) => useQuery(quoteQuery(request));

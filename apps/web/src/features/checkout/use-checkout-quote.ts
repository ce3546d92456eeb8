import type { CheckoutDraft } from '@vroum/core/booking-draft';
import type { QuoteRequest } from '@vroum/core/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { quoteQuery, useQuote } from './api/quote';

/**
 * The server's price of the rental being paid, with the promo code once the server accepted it
 * (a code is tried on its own quote first, so a refused code leaves the price as it was).
 */
export function useCheckoutQuote(state: CheckoutDraft, sentPromoCode: string | null) {
  const queryClient = useQueryClient();
  const [promoCode, setPromoCode] = useState(sentPromoCode);
  const rental = useMemo(
    () =>
      ({
        vehicleSlug: state.vehicleSlug,
        start: state.startDate,
        end: state.endDate,
        deliveryAddress: state.deliveryAddress,
        ...(state.returnAddress ? { returnAddress: state.returnAddress } : {}),
        protection: state.protection,
        options: state.options,
        withDriver: state.withDriver,
        unlimitedKm: state.unlimitedKm,
      }) satisfies QuoteRequest,
    [state],
  );
  const request = useMemo(
    () => ({ ...rental, promoCode: promoCode ?? undefined }),
    [rental, promoCode],
  );
  const quote = useQuote(request);
  const error = quote.error
    ? quote.error instanceof ApiRequestError
      ? quote.error.message
      : 'Impossible de calculer le prix. Veuillez réessayer.'
    : null;

  /** Resolves to null once the code applies, else to the French reason it does not. */
  const applyPromo = useCallback(
    async (code: string): Promise<string | null> => {
      try {
        await queryClient.fetchQuery(quoteQuery({ ...rental, promoCode: code }));
        setPromoCode(code);
        return null;
      } catch (failure) {
        return failure instanceof ApiRequestError
          ? failure.message
          : 'Impossible de vérifier ce code promo. Veuillez réessayer.';
      }
    },
    [queryClient, rental],
  );
  const removePromo = useCallback(() => setPromoCode(null), []);

  return { request, promoCode, data: quote.data, error, applyPromo, removePromo };
}

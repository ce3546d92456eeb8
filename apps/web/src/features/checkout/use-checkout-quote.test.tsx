import type { CheckoutDraft } from '@vroum/core/booking-draft';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/responses';
import { useCheckoutQuote } from './use-checkout-quote';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RENTAL: CheckoutDraft = {
  vehicleSlug: 'porsche-panamera',
  deliveryAddress: '10 Rue de Rivoli, 75001 Paris',
  deliveryFeeCents: 0,
  returnAddress: '',
  returnFeeCents: 0,
  startDate: '2026-12-17T09:00:00.000Z',
  endDate: '2026-12-20T09:00:00.000Z',
  withDriver: false,
  unlimitedKm: false,
  protection: 'basic',
  options: [],
};

/** The quotes route as the server answers it: WELCOME10 takes 10 % off, any other code is refused. */
function serveQuotes() {
  const asked: { promoCode?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { promoCode?: string };
      asked.push(body);
      if (body.promoCode && body.promoCode !== 'WELCOME10') {
        return Promise.resolve(
          jsonResponse(
            { error: { code: 'invalid_promo', message: 'Ce code promo n’est pas valide.' } },
            400,
          ),
        );
      }
      const totalCents = body.promoCode ? 68372 : 75969;
      return Promise.resolve(jsonResponse({ totalCents, depositCents: 350000, lines: [] }));
    }),
  );
  return asked;
}

function renderQuote(sentPromoCode: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCheckoutQuote(RENTAL, sentPromoCode), { wrapper });
}

describe('the checkout’s quote', () => {
  it('is the server’s price of the rental, without a promo code at first', async () => {
    const asked = serveQuotes();
    const { result } = renderQuote();
    await waitFor(() => expect(result.current.data?.totalCents).toBe(75969));
    expect(asked[0]).toMatchObject({
      vehicleSlug: 'porsche-panamera',
      start: RENTAL.startDate,
      end: RENTAL.endDate,
      protection: 'basic',
    });
    expect(asked[0]).not.toHaveProperty('returnAddress');
    expect(result.current.promoCode).toBeNull();
  });

  it('keeps the price as it was when a code is refused, with the server’s reason', async () => {
    serveQuotes();
    const { result } = renderQuote();
    await waitFor(() => expect(result.current.data).toBeDefined());
    let reason: string | null = null;
    await act(async () => {
      reason = await result.current.applyPromo('FAUXCODE');
    });
    expect(reason).toBe('Ce code promo n’est pas valide.');
    expect(result.current.promoCode).toBeNull();
    expect(result.current.data?.totalCents).toBe(75969);
    expect(result.current.error).toBeNull();
  });

  it('applies an accepted code to the price and to the booking’s request, and removes it', async () => {
    serveQuotes();
    const { result } = renderQuote();
    await waitFor(() => expect(result.current.data).toBeDefined());
    await act(async () => {
      expect(await result.current.applyPromo('WELCOME10')).toBeNull();
    });
    await waitFor(() => expect(result.current.data?.totalCents).toBe(68372));
    expect(result.current.request.promoCode).toBe('WELCOME10');
    act(() => result.current.removePromo());
    await waitFor(() => expect(result.current.data?.totalCents).toBe(75969));
    expect(result.current.request.promoCode).toBeUndefined();
  });

  it('starts from the code sent with the booking, once the booking exists', async () => {
    const asked = serveQuotes();
    const { result } = renderQuote('WELCOME10');
    await waitFor(() => expect(result.current.data?.totalCents).toBe(68372));
    expect(asked[0]?.promoCode).toBe('WELCOME10');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BookingDetail } from '@vroum/core/booking';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/responses';
import { ExtensionPage } from './extension-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';
const RETURN = '2026-12-05T09:00:00.000Z';
const booking = {
  id: ID,
  reference: 'F61A3993',
  bookingStatus: 'active',
  returnDate: RETURN,
  vehicle: { name: 'Porsche Panamera' },
} as unknown as BookingDetail;

function renderPage(answer: (url: string, init?: RequestInit) => Response, search = '') {
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/reservation/${ID}/prolongation${search}`]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/reservation/:id/prolongation" element={<ExtensionPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetch;
}

const quote = (toDate: string) => ({
  fromDate: RETURN,
  toDate,
  days: 2,
  lines: [
    { label: '1\u00a0499,00\u00a0€ × 2\u00a0jours', amountCents: 299_800 },
    { label: 'Protection Complète', amountCents: 5_774 },
  ],
  totalCents: 305_574,
});

describe('the extension page', () => {
  it('prices the days chosen by the server, then opens the card payment for that date', async () => {
    const fetch = renderPage((url, init) => {
      if (url.includes('/extension/card-payment')) {
        const { returnDate } = JSON.parse(String(init?.body)) as { returnDate: string };
        return jsonResponse({
          ...quote(returnDate),
          extensionId: '0d3c8f3e-2b7a-4c55-9e51-3a4f8c1d2e6b',
          intentId: 'pi_sbx_1',
          clientSecret: 'secret',
          amountCents: 305_574,
          provider: 'sandbox',
          publishableKey: null,
        });
      }
      if (url.includes('/extension?returnDate=')) {
        return jsonResponse(quote(decodeURIComponent(url.split('returnDate=')[1]!)));
      }
      return jsonResponse(booking);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^2\sjours de plus$/ }));
    const price = screen.getByRole('region', { name: 'Prix de la prolongation' });
    expect(await within(price).findByText('Protection Complète')).toBeTruthy();
    const twoDaysLater = '2026-12-07T09:00:00.000Z';
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      `/api/v1/bookings/${ID}/extension?returnDate=${encodeURIComponent(twoDaysLater)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    const pay = await screen.findByRole('button', { name: /^Payer / });
    expect(pay.textContent).toContain('3\u00a0055,74');
    const started = fetch.mock.calls.find(([url]) => url.endsWith('/extension/card-payment'));
    expect(JSON.parse(String(started?.[1]?.body))).toEqual({ returnDate: twoDaysLater });
  });

  it('says in French why the date cannot be had, and offers no payment', async () => {
    renderPage((url) =>
      url.includes('/extension?')
        ? jsonResponse(
            {
              error: {
                code: 'vehicle_unavailable',
                message:
                  "Véhicule non disponible : ce véhicule n'est pas disponible pour les dates sélectionnées.",
              },
            },
            409,
          )
        : jsonResponse(booking),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Véhicule non disponible');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Continuer vers le paiement' })
        .disabled,
    ).toBe(true);
  });

  it('back from 3-D Secure, has the payment read again and leads to the amendment', async () => {
    const fetch = renderPage(
      (url) =>
        url.endsWith('/confirmation')
          ? jsonResponse({ status: 'paid', returnDate: '2026-12-07T09:00:00.000Z' })
          : jsonResponse(booking),
      '?payment_intent=pi_sbx_1',
    );
    await screen.findByRole('heading', { name: 'Location prolongée' });
    expect(screen.getByRole('link', { name: 'Signer l’avenant' }).getAttribute('href')).toBe(
      `/reservation/${ID}/contrat`,
    );
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/confirmation'))).toBe(true);
  });
});

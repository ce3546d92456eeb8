import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RentalSteps } from '@vroum/core/rental-steps';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { BookingConfirmed } from './booking-confirmed';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING_ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';
const STEPS: RentalSteps = {
  bookingId: BOOKING_ID,
  identity: { state: 'todo', provider: 'builtin', reason: null, refusedFiles: [] },
  contract: { state: 'todo', provider: 'builtin', version: 1, signedAt: null },
  ready: false,
};

function renderConfirmed() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(jsonResponse(url.endsWith('/steps') ? STEPS : { bookings: [] })),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BookingConfirmed
          outcome={{
            bookingId: BOOKING_ID,
            reference: '7F1F3A52',
            bookingStatus: 'confirmed',
            paymentStatus: 'succeeded',
            lastError: null,
          }}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the booking’s confirmation', () => {
  it('says the two steps once, in the checklist with their actions, then the deposit', async () => {
    renderConfirmed();
    expect(await screen.findByRole('link', { name: 'Vérifier mon identité' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lire et signer le contrat' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent ?? '');
    expect(headings.filter((text) => /identité/i.test(text))).toEqual(['Vérification d’identité']);
    expect(headings.filter((text) => /contrat/i.test(text))).toEqual(['Signature du contrat']);
    expect(screen.queryByRole('heading', { name: 'Prochaines étapes' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: /^Puis, 24\sh avant la livraison\s: la caution$/ }),
    ).toBeInTheDocument();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminBooking } from '@vroum/core/admin';
import type { RentalSteps } from '@vroum/core/rental-steps';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { BookingSteps } from './booking-steps';

vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const BOOKING = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference: 'A1B2C3D4',
  bookingStatus: 'confirmed',
} as AdminBooking;

const STEPS: RentalSteps = {
  bookingId: BOOKING.id,
  identity: { state: 'done', provider: 'builtin', reason: null, refusedFiles: [] },
  contract: { state: 'todo', provider: 'builtin', version: 1, signedAt: null },
  ready: false,
};

function renderSteps(steps: RentalSteps) {
  const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(steps)));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BookingSteps booking={BOOKING} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { fetchMock, view: within(container) };
}

describe('BookingSteps', () => {
  it('shows both steps in words and the signed contract once signed', async () => {
    const { view } = renderSteps({ ...STEPS, contract: { ...STEPS.contract, state: 'done' } });
    const [identity, contract] = await view.findAllByRole('listitem');
    expect(identity).toHaveTextContent('Vérification d’identité : Terminée');
    expect(contract).toHaveTextContent('Signature du contrat : Terminée');
    expect(screen.getByRole('link', { name: 'Contrat signé (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/bookings/${BOOKING.id}/contract/document?signed=true`,
    );
  });

  it('leads to the handover page, where the agent records the inspection', async () => {
    renderSteps(STEPS);
    expect(await screen.findByText(/Signature du contrat :/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contrat signé (PDF)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Remettre le véhicule' })).toHaveAttribute(
      'href',
      `/equipe/mission/${BOOKING.id}/delivery`,
    );
  });
});

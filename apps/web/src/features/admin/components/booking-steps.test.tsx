import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminBooking } from '@vroum/core/admin';
import type { RentalSteps } from '@vroum/core/rental-steps';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
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
  identity: { state: 'done', provider: 'builtin', reason: null },
  contract: { state: 'todo', provider: 'builtin', version: 1, signedAt: null },
  ready: false,
};

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderSteps(steps: RentalSteps, handover: Response) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'POST' ? handover : json(200, steps)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingSteps booking={BOOKING} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('BookingSteps', () => {
  it('shows both steps in words and the signed contract once signed', async () => {
    renderSteps({ ...STEPS, contract: { ...STEPS.contract, state: 'done' } }, json(204, null));
    const [identity, contract] = await screen.findAllByRole('listitem');
    expect(identity).toHaveTextContent('Vérification d’identité : Terminé');
    expect(contract).toHaveTextContent('Signature du contrat : Terminé');
    expect(screen.getByRole('link', { name: 'Contrat signé (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/bookings/${BOOKING.id}/contract/document?signed=true`,
    );
  });

  it('shows the server’s message when the handover is refused', async () => {
    const message = 'Remise du véhicule impossible : le contrat en vigueur n’est pas signé.';
    const { fetchMock, user } = renderSteps(
      STEPS,
      json(409, { error: { code: 'handover_blocked', message } }),
    );
    expect(await screen.findByText(/Signature du contrat :/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contrat signé (PDF)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remettre le véhicule' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Erreur', message));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/admin/bookings/${BOOKING.id}/handover`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('confirms the handover', async () => {
    const { user } = renderSteps(STEPS, json(204, null));
    await user.click(await screen.findByRole('button', { name: 'Remettre le véhicule' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Succès', 'Véhicule remis'));
  });
});

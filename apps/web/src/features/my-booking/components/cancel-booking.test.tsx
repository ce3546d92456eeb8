import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { serveWithHeldSession, SIGNED_IN } from '../../../test/held-session';
import { jsonResponse } from '../../../test/responses';
import { CancelBooking } from './cancel-booking';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGN_IN_LINE = 'Pour annuler, connectez-vous au compte avec lequel vous avez réservé.';

function renderCancel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <CancelBooking bookingId="b1" />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('the booking’s cancellation', () => {
  it('asks nobody to sign in while the session is read, then shows the owner the terms', async () => {
    const server = serveWithHeldSession(() =>
      jsonResponse({
        bookingId: '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10',
        cancellable: true,
        reason: null,
        feeCents: 0,
        freeUntil: '2026-12-15T09:00:00.000Z',
        paidCents: 75969,
        refundCents: 75969,
      }),
    );
    renderCancel();
    expect(screen.queryByText(SIGN_IN_LINE)).toBeNull();
    server.answerSession(SIGNED_IN);
    expect(
      await screen.findByRole('button', { name: 'Annuler la réservation' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(SIGN_IN_LINE)).toBeNull();
  });

  it('asks a signed-out visitor to sign in once the session says so', async () => {
    const server = serveWithHeldSession(() => new Response(null, { status: 401 }));
    renderCancel();
    server.answerSession(null);
    expect(await screen.findByText(SIGN_IN_LINE)).toBeInTheDocument();
  });
});

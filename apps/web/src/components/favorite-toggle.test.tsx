import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth/auth-provider';
import { notify } from '../lib/toast';
import { serveWithHeldSession, SIGNED_IN } from '../test/held-session';
import { jsonResponse } from '../test/responses';
import { FavoriteToggle } from './favorite-toggle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server, the session held (test/held-session.ts); the favourite changes it received. */
function serveWithSlowSession() {
  const changes: string[] = [];
  const favorites = new Set<string>();
  const { answerSession } = serveWithHeldSession((url, init) => {
    if (url.endsWith('/me/favorites')) return jsonResponse({ vehicleIds: [...favorites] });
    changes.push(`${init?.method} ${url}`);
    const id = decodeURIComponent(url.split('/').pop()!);
    if (init?.method === 'PUT') favorites.add(id);
    else favorites.delete(id);
    return new Response(null, { status: 204 });
  });
  return { answerSession, changes };
}

function renderHeart() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <FavoriteToggle vehicleId="v-panamera" vehicleName="Porsche Panamera" />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /favoris\s: Porsche Panamera$/ });
}

describe('the heart clicked before the app knows who is signed in', () => {
  it('adds the favourite once the session says the visitor is signed in', async () => {
    const server = serveWithSlowSession();
    const heart = renderHeart();
    fireEvent.click(heart);
    // Shown as in progress meanwhile, not silently ignored.
    expect(heart).toHaveAttribute('aria-disabled', 'true');
    server.answerSession(SIGNED_IN);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(server.changes).toEqual(['PUT /api/v1/me/favorites/v-panamera']);
    expect(heart).not.toHaveAttribute('aria-disabled');
  });

  it('tells a signed-out visitor to sign in once the session says so', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const server = serveWithSlowSession();
    const heart = renderHeart();
    fireEvent.click(heart);
    server.answerSession(null);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Connexion requise',
        'Vous devez être connecté pour ajouter des favoris',
      ),
    );
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).not.toHaveAttribute('aria-disabled');
    expect(server.changes).toEqual([]);
  });

  it('counts a second click meanwhile once, as the first', async () => {
    const server = serveWithSlowSession();
    const heart = renderHeart();
    fireEvent.click(heart);
    fireEvent.click(heart);
    server.answerSession(SIGNED_IN);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(server.changes).toEqual(['PUT /api/v1/me/favorites/v-panamera']);
  });
});

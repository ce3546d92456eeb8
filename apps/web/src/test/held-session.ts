import { vi } from 'vitest';
import type { Session } from '../lib/auth/auth-client';
import { jsonResponse } from './responses';

export const SIGNED_IN: Session = {
  user: { id: 'u1', email: 'claire@example.fr', name: 'Claire', emailVerified: true },
  session: { id: 's1', expiresAt: '2026-12-31T00:00:00.000Z' },
};

export const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The browser's fetch, with the session look-up held until `answerSession` is called (the app is
 * running and does not yet know who is signed in); `api` answers every other request.
 */
export function serveWithHeldSession(
  api: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  let answerSession: (session: Session | null) => void = () => {};
  const session = new Promise<Session | null>((resolve) => {
    answerSession = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/api/auth/get-session') ? jsonResponse(await session) : api(url, init),
    ),
  );
  return { answerSession };
}

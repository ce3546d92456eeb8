import type { FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';

/**
 * Whether `password` is the signed-in user's password (the library's own check); false too for
 * an account without a password (signed up with Google).
 */
export async function checkCurrentPassword(
  request: FastifyRequest,
  password: string,
): Promise<boolean> {
  try {
    await request.server.auth.api.verifyPassword({
      body: { password },
      headers: fromNodeHeaders(request.headers),
    });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 400) return false;
    throw error;
  }
}

/** The header that removes the session cookie from the browser (its session is already gone). */
export async function expiredSessionCookie(request: FastifyRequest): Promise<string> {
  const { authCookies } = await request.server.auth.$context;
  const { name, attributes } = authCookies.sessionToken;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`;
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest hook for routes that change state with the session cookie: a browser
 * always sends `Origin` on such requests, so one naming another site is refused. Callers that
 * send none (scripts, not browsers) cannot carry a victim's cookie and are let through.
 * Matters most for multipart and form posts, which need no CORS preflight.
 */
export async function rejectCrossOrigin(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!request.server.config.trustedOrigins.includes(origin)) {
    throw new AppError('forbidden_origin', 'Requête refusée : origine non autorisée.', 403);
  }
}

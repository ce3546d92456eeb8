import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser always sends `Origin` on a request that changes state, so one naming another site is
 * refused. Callers that send none (scripts, not browsers) cannot carry a victim's cookie and are
 * let through. Matters most for multipart and form posts, which need no CORS preflight.
 */
function rejectCrossOrigin(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const origin = request.headers.origin;
  if (origin === undefined || request.server.config.trustedOrigins.includes(origin)) {
    done();
    return;
  }
  done(new AppError('forbidden_origin', 'Requête refusée : origine non autorisée.', 403));
}

/**
 * onRoute hook: every route that changes state with the session cookie checks the request's
 * origin before anything else of its own. Reads (GET, HEAD, OPTIONS) carry no check at all, so
 * the catalogue's reads pay nothing for it.
 */
export function checkOriginOfChanges(route: RouteOptions): void {
  const methods = [route.method].flat();
  if (methods.every((method) => SAFE_METHODS.has(method))) return;
  route.onRequest = [rejectCrossOrigin, ...[route.onRequest ?? []].flat()];
}

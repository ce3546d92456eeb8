import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { hasRole } from './auth.repository';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * The signed-in user of this request and its session's id, or null. The library's session check
 * runs the app's own (auth hooks): a staff session idle too long is ended there.
 */
export async function findSession(
  request: FastifyRequest,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const session = await request.server.auth.api.getSession({ headers: toHeaders(request) });
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  return { user: { id, email, name, emailVerified }, sessionId: session.session.id };
}

/** The signed-in user of this request, or null. */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await findSession(request))?.user ?? null;
}

/** The signed-in user, or a 401 with a French message. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(request);
  if (!user) throw new AppError('unauthenticated', 'Vous devez être connecté.', 401);
  return user;
}

export async function isAdmin(request: FastifyRequest, userId: string): Promise<boolean> {
  return hasRole(request.server.db, userId, 'admin');
}

/**
 * The signed-in administrator, or 401 / 403 (checked on the server, always: the browser only hides
 * what it may not use).
 */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await isAdmin(request, user.id))) {
    throw new AppError('forbidden', "Vous n'avez pas les permissions d'administrateur", 403);
  }
  return user;
}

const checkedAdmins = new WeakMap<FastifyRequest, SessionUser>();

/**
 * A `preValidation` hook that requires the administrator role before the request's input is
 * even validated (or a multipart body read); its route then reads the administrator found with
 * `adminOf`.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  checkedAdmins.set(request, await requireAdmin(request));
}

/** The administrator `adminOnly` checked for this request. */
export function adminOf(request: FastifyRequest): SessionUser {
  const admin = checkedAdmins.get(request);
  if (!admin) throw new Error('admin check skipped');
  return admin;
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

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
): Promise<{ user: SessionUser; sessionId: string; secondFactor: boolean } | null> {
  const session = await request.server.auth.api.getSession({ headers: toHeaders(request) });
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  return {
    user: { id, email, name, emailVerified },
    sessionId: session.session.id,
    secondFactor: session.session.secondFactorVerified === true,
  };
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

/** What a staff session without a second factor is answered (403), on every staff route. */
export const SECOND_FACTOR_MESSAGE = 'Validez votre second facteur pour accéder à l’espace équipe.';
const secondFactorRequired = () =>
  new AppError('second_factor_required', SECOND_FACTOR_MESSAGE, 403);

/**
 * Whether the signed-in user acts with the role: holding it is not enough, the session must have
 * passed a second factor (403 otherwise). For routes that staff and customers share.
 */
export async function actsAs(
  request: FastifyRequest,
  userId: string,
  role: 'admin' | 'driver',
): Promise<boolean> {
  if (!(await request.server.roles.has(userId, role))) return false;
  if (!(await findSession(request))?.secondFactor) throw secondFactorRequired();
  return true;
}

export const isAdmin = (request: FastifyRequest, userId: string) =>
  actsAs(request, userId, 'admin');

/** The console's space (administrators) or the team's (administrators and agents). */
export type StaffSpace = 'admin' | 'team';

const staffChecks = new WeakMap<FastifyRequest, Map<StaffSpace, Promise<StaffMember>>>();
const staffFound = new WeakMap<FastifyRequest, Map<StaffSpace, StaffMember>>();

export interface StaffMember {
  user: SessionUser;
  admin: boolean;
}

async function checkStaff(request: FastifyRequest, space: StaffSpace): Promise<StaffMember> {
  const found = await findSession(request);
  if (!found) throw new AppError('unauthenticated', 'Vous devez être connecté.', 401);
  const { roles } = request.server;
  const admin = await roles.has(found.user.id, 'admin');
  if (!admin && space === 'admin') {
    throw new AppError('forbidden', "Vous n'avez pas les permissions d'administrateur", 403);
  }
  if (!admin && !(await roles.has(found.user.id, 'driver'))) {
    throw new AppError('forbidden', 'Accès réservé à l’équipe.', 403);
  }
  if (!found.secondFactor) throw secondFactorRequired();
  const member = { user: found.user, admin };
  let members = staffFound.get(request);
  if (!members) staffFound.set(request, (members = new Map()));
  members.set(space, member);
  return member;
}

/**
 * The signed-in member of the space, whose session passed a second factor; else 401, or 403
 * (checked on the server, always: the browser only hides what it may not use). Checked once per
 * request and space.
 */
export function requireStaff(request: FastifyRequest, space: StaffSpace): Promise<StaffMember> {
  let checks = staffChecks.get(request);
  if (!checks) staffChecks.set(request, (checks = new Map()));
  let check = checks.get(space);
  if (!check) checks.set(space, (check = checkStaff(request, space)));
  return check;
}

/**
 * The member of the space already checked for this request by the staff gate of every route of
 * `/admin` and `/agent` (auth/staff-gate.ts). A route that reads it without that check is a
 * programming error, not a refusal.
 */
export function staffMemberOf(request: FastifyRequest, space: StaffSpace): StaffMember {
  const member = staffFound.get(request)?.get(space);
  if (!member) throw new Error(`${space} check skipped`);
  return member;
}

/** The administrator the staff gate of `/admin` let through for this request. */
export function adminOf(request: FastifyRequest): SessionUser {
  return staffMemberOf(request, 'admin').user;
}

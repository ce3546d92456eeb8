import type { FastifyRequest, RouteOptions } from 'fastify';
import { requireStaff, type StaffSpace } from '../../plugins/session';

/** The staff spaces of the API: the console's routes and the agents'. */
const STAFF_SPACES: [RegExp, StaffSpace][] = [
  [/^\/api\/v1\/admin(\/|$)/, 'admin'],
  [/^\/api\/v1\/agent(\/|$)/, 'team'],
];

/** The staff space a route's path belongs to, or null for the others. */
export function staffSpaceOf(url: string): StaffSpace | null {
  return STAFF_SPACES.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

/**
 * An `onRoute` hook: every route of a staff space first requires its role and a session past the
 * second factor, before its input is even read. A route added there cannot forget the check.
 */
export function gateStaffSpaces(route: RouteOptions): void {
  const space = staffSpaceOf(route.url);
  if (!space) return;
  const gate = async (request: FastifyRequest) => {
    await requireStaff(request, space);
  };
  route.preValidation = [gate, ...[route.preValidation ?? []].flat()];
}

import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error';
import {
  assertContractOpen,
  assertStepsOpen,
  requireBookingAccess,
  requireBookingOwner,
  type BookingAccess,
} from './booking-access';
import { actsAs, requireUser, type SessionUser } from './session';

/**
 * Who may call a route outside the staff spaces, declared once in the route's options
 * (`config: { audience: 'booking-owner' }`) and checked before its handler, after its input is
 * validated (a wrong id stays a 400). The staff spaces declare theirs by their path: every route
 * of `/admin` is the administrators', of `/agent` the team's (`staff-gate.ts`); an agent's own
 * missions are told apart by the operations service, which reads the mission it acts on.
 * The booking audiences read the booking named by the path's `:id`.
 */
export type Audience =
  /** Any signed-in user (401 otherwise). */
  | 'signed-in'
  /** The booking's owner, or an administrator past the second factor, who sees it. */
  | 'booking'
  /** The booking's owner only: anyone else, an administrator too, gets the booking's 404. */
  | 'booking-owner'
  /** The owner taking a step (the identity check) of a paid booking not handed over yet. */
  | 'steps-owner'
  /** The owner signing the contract: as for a step, and again during an extended rental. */
  | 'contract-owner'
  /** The booking's owner, an administrator, or the agent sent to one of its missions. */
  | 'booking-or-agent';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/audience.ts). */
    audience?: Audience;
  }
}

type Found = { user: SessionUser; access?: BookingAccess };

const found = new WeakMap<FastifyRequest, Found>();

const notOwner = () =>
  new AppError('not_owner', 'Seul le titulaire de la réservation peut accomplir cette étape.', 403);

const bookingIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The owner acting on their booking: an administrator sees it but does not act for them. */
async function ownerActing(request: FastifyRequest, assertOpen: typeof assertStepsOpen) {
  const access = await requireBookingAccess(request, bookingIdOf(request));
  if (access.admin) throw notOwner();
  assertOpen(access.booking);
  return { user: access.user, access };
}

/** One guard per audience: what it checks, and what it leaves for the handler to read. */
const GUARDS: Record<Audience, (request: FastifyRequest) => Promise<Found>> = {
  'signed-in': async (request) => ({ user: await requireUser(request) }),
  booking: async (request) => {
    const access = await requireBookingAccess(request, bookingIdOf(request));
    return { user: access.user, access };
  },
  'booking-owner': async (request) => {
    const access = await requireBookingOwner(request, bookingIdOf(request));
    return { user: access.user, access };
  },
  'steps-owner': (request) => ownerActing(request, assertStepsOpen),
  'contract-owner': (request) => ownerActing(request, assertContractOpen),
  'booking-or-agent': async (request) => {
    const user = await requireUser(request);
    const bookingId = bookingIdOf(request);
    // An agent must have passed the second factor (403) before being told apart by mission.
    if (
      (await actsAs(request, user.id, 'driver')) &&
      (await request.server.bookingAccess.isAgentOf(bookingId, user.id))
    ) {
      return { user };
    }
    return { user, access: await requireBookingAccess(request, bookingId) };
  },
};

const BOOKING_AUDIENCES: Audience[] = [
  'booking',
  'booking-owner',
  'steps-owner',
  'contract-owner',
  'booking-or-agent',
];

/**
 * An `onRoute` hook: a route that declares its audience gets its guard as its first
 * `preHandler`. A booking audience on a path without `:id` is a mistake caught at start.
 */
export function guardAudiences(route: RouteOptions): void {
  const audience = route.config?.audience;
  if (!audience) return;
  if (BOOKING_AUDIENCES.includes(audience) && !route.url.includes('/:id')) {
    throw new Error(`${route.url}: the audience ${audience} reads the booking of :id`);
  }
  const guard = GUARDS[audience];
  const check = async (request: FastifyRequest) => {
    found.set(request, await guard(request));
  };
  route.preHandler = [check, ...[route.preHandler ?? []].flat()];
}

function foundFor(request: FastifyRequest): Found {
  const result = found.get(request);
  if (!result) throw new Error('no audience declared for this route');
  return result;
}

/** The signed-in user the route's audience let through. */
export const userOf = (request: FastifyRequest): SessionUser => foundFor(request).user;

/** The booking of a booking audience, who reads it and whether as an administrator. */
export function bookingAccessOf(request: FastifyRequest): BookingAccess {
  const { access } = foundFor(request);
  if (!access) throw new Error('no booking read by this route’s audience');
  return access;
}

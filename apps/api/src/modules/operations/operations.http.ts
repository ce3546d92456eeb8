import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { MissionKind } from '@vroum/core/operations';
import { staffMemberOf } from '../../plugins/session';
import { rentalStepsDeps } from '../bookings/booking-ops-deps';
import type { OperationsDeps, Staff } from './operations.service';

/** What the operations routes share: their parameters, their errors, and who the caller is. */
export const IdParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
export const MissionParams = z.object({
  bookingId: z.uuid({ error: 'Numéro de réservation invalide' }),
  kind: MissionKind,
});
export const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
export const tags = ['opérations'];

export const operationsDeps = (request: FastifyRequest): OperationsDeps =>
  rentalStepsDeps(request.server, request.log);

/**
 * The member of the team (administrator or agent) past the second factor whom the staff gate of
 * `/agent` let through. Which missions are theirs is the operations service's to tell.
 */
export function staffOf(request: FastifyRequest): Staff & { name: string } {
  const { user, admin } = staffMemberOf(request, 'team');
  return { id: user.id, admin, name: user.name || user.email };
}

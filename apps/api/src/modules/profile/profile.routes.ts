import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import { MyBookings } from '@vroum/core/booking';
import { Profile, ProfileUpdate } from '@vroum/core/profile';
import { userOf } from '../../plugins/audience';
import { findBookingsOfUser } from './my-bookings.repository';
import { findOrCreateProfile, updateProfile } from './profile.repository';

/** The signed-in user's own profile and bookings: every query is filtered by their id. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ApiError, 401: ApiError };

  app.get(
    '/me/profile',
    {
      config: { audience: 'signed-in' },
      schema: { tags: ['compte'], summary: 'Mon profil', response: { 200: Profile, ...errors } },
    },
    async (request) => findOrCreateProfile(app.db, userOf(request).id),
  );

  app.put(
    '/me/profile',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mettre à jour mon profil',
        body: ProfileUpdate,
        response: { 200: Profile, ...errors },
      },
    },
    async (request) => updateProfile(app.db, userOf(request).id, request.body),
  );

  app.get(
    '/me/bookings',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'Mes réservations',
        querystring: z.object({}),
        response: { 200: MyBookings, ...errors },
      },
    },
    async (request) => ({
      bookings: await findBookingsOfUser(app.db, userOf(request).id),
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingReview, PublicReview, PublicReviewList, ReviewSubmission } from '@vroum/core/admin';
import { ApiError } from '@vroum/core/api';
import { BookingIdParams } from '../../plugins/booking-access';
import { notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { getVehicleBySlug } from '../vehicles/vehicles.service';
import { bookingReview, reviewRental } from './rental-review';
import { findPublishedReviews, insertVehicleReview } from './reviews.repository';

const SlugParams = z.object({ slug: z.string().min(1).max(120) });

/**
 * Reviews of a vehicle: the public reads the published ones (an administrator
 * publishes them); a signed-in customer submits one, unpublished until then.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicles/:slug/reviews',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Avis publiés d’un véhicule, du plus récent au plus ancien',
        params: SlugParams,
        response: { 200: PublicReviewList, 404: ApiError },
      },
    },
    async (request) => {
      const vehicle = await getVehicleBySlug(app.db, request.params.slug);
      if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
      // Only the first name and the initial of the last name are public.
      const rows = await findPublishedReviews(app.db, vehicle.id);
      return {
        reviews: rows.map((row) => ({
          id: row.id,
          rating: row.rating,
          comment: row.comment,
          authorName: row.author_name ?? 'Client Vroum',
          isVerified: row.is_verified,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/vehicles/:slug/reviews',
    {
      // Reviews wait for an administrator: a burst of them is spam, not feedback.
      config: { audience: 'signed-in', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['catalogue'],
        summary: 'Dépose un avis (non publié tant qu’un administrateur ne l’a pas publié)',
        params: SlugParams,
        body: ReviewSubmission,
        response: {
          201: PublicReview.extend({ isPublished: z.boolean() }),
          400: ApiError,
          401: ApiError,
          404: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const vehicle = await getVehicleBySlug(app.db, request.params.slug);
      if (!vehicle) throw notFound('Véhicule non trouvé', 'vehicle_not_found');
      // Linked to the customer's latest completed rental of this car, when there is one.
      const row = await insertVehicleReview(app.db, {
        userId: user.id,
        vehicleId: vehicle.id,
        rating: request.body.rating,
        comment: request.body.comment,
      });
      return reply.status(201).send({
        id: row.id,
        rating: row.rating,
        comment: row.comment,
        authorName: user.name || 'Client Vroum',
        isVerified: row.is_verified,
        isPublished: row.is_published,
        createdAt: row.created_at.toISOString(),
      });
    },
  );

  app.get(
    '/bookings/:id/review',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['réservation'],
        summary: 'Mon avis sur cette location (null tant qu’il n’est pas donné)',
        params: BookingIdParams,
        response: { 200: BookingReview, 400: ApiError, 401: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      const user = userOf(request);
      return bookingReview(app.db, user.id, request.params.id);
    },
  );

  app.post(
    '/bookings/:id/review',
    {
      config: { audience: 'signed-in', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['réservation'],
        summary: 'Noter le véhicule de sa location terminée (avis vérifié, publié par l’équipe)',
        params: BookingIdParams,
        body: ReviewSubmission,
        response: {
          201: BookingReview,
          400: ApiError,
          401: ApiError,
          404: ApiError,
          409: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      return reply
        .status(201)
        .send(await reviewRental(app.db, user.id, request.params.id, request.body));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADDRESS_SUGGESTION_LIMIT } from '@vroum/core/address-rules';
import {
  AddressSearchQuery,
  AddressSuggestions,
  DeliveryFeeQuery,
  DeliveryFeeQuote,
} from '@vroum/core/address';
import { ApiError } from '@vroum/core/api';
import { quoteDelivery } from '@vroum/core/delivery';
import { AppError } from '../../lib/app-error';

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Suggestions d’adresses en France (à partir de 3 caractères)',
        querystring: AddressSearchQuery,
        response: { 200: AddressSuggestions, 400: ApiError },
      },
    },
    async (request) => ({
      suggestions: await app.geocoder.search(request.query.q, {
        limit: ADDRESS_SUGGESTION_LIMIT,
      }),
    }),
  );

  app.get(
    '/delivery-fee',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Frais de livraison pour une adresse : gratuits en Île-de-France',
        querystring: DeliveryFeeQuery,
        response: { 200: DeliveryFeeQuote, 400: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const [address] = await app.geocoder.search(request.query.address, { limit: 1 });
      if (!address) {
        throw new AppError(
          'address_not_found',
          'Adresse introuvable. Choisissez une adresse dans la liste des suggestions.',
          422,
          'address',
        );
      }
      return { address, ...quoteDelivery(address) };
    },
  );
};

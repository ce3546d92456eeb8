import { z } from 'zod';
import { ADDRESS_QUERY_MIN_LENGTH } from './address-rules';

/** A French address, place or postcode found by the geocoder, restricted to France. */
export const GeocodedAddress = z.object({
  /** The provider's identifier of the result. */
  id: z.string(),
  /** Full label shown to the customer, e.g. '10 Rue de Rivoli 75004 Paris'. */
  label: z.string(),
  postcode: z.string().nullable(),
  city: z.string(),
  /** Department code ('75', '2A', '971'); decides whether delivery is in Île-de-France. */
  departmentCode: z.string().nullable(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  kind: z.enum(['address', 'street', 'municipality', 'postcode']),
});
export type GeocodedAddress = z.infer<typeof GeocodedAddress>;

export const AddressSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(ADDRESS_QUERY_MIN_LENGTH, 'La recherche doit contenir au moins 3 caractères.')
    .max(200, 'La recherche est trop longue.'),
});

export const AddressSuggestions = z.object({ suggestions: z.array(GeocodedAddress) });
export type AddressSuggestions = z.infer<typeof AddressSuggestions>;

export const DeliveryFeeQuery = z.object({ address: AddressSearchQuery.shape.q });

/**
 * GET /delivery-fee: the fee computed by the server for the first geocoded match of an address
 * (free in Île-de-France, see `delivery.ts`). A fee sent by a browser is never trusted; this is the
 * one the booking keeps.
 */
export const DeliveryFeeQuote = z.object({
  address: GeocodedAddress,
  feeCents: z.number().int().min(0),
  inIleDeFrance: z.boolean(),
  /** Straight-line distance from central Paris, rounded to 0.1 km. */
  distanceKm: z.number().min(0),
});
export type DeliveryFeeQuote = z.infer<typeof DeliveryFeeQuote>;

import { z } from 'zod';
import type { GeocodedAddress } from '@vroum/core/address';
import {
  departmentFromCitycode,
  departmentFromPostcode,
  parseDepartmentCode,
} from './department-code';
import { fetchJson } from './fetch-json';
import type { Geocoder } from './geocoder';

/** IGN answers 400 to a `q` shorter than 3 characters or not starting with a letter or digit. */
const IGN_QUERY_MIN_LENGTH = 3;
const IGN_QUERY_MAX_LENGTH = 200;
const IGN_MAX_LIMIT = 20;

const IgnFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    id: z.string(),
    label: z.string(),
    postcode: z.string().optional(),
    citycode: z.string().optional(),
    city: z.string().optional(),
    context: z.string().optional(),
    type: z.string(),
  }),
});
type IgnFeature = z.infer<typeof IgnFeature>;

const IgnResponse = z.object({ features: z.array(z.unknown()) });

const KINDS: Record<string, GeocodedAddress['kind']> = {
  housenumber: 'address',
  street: 'street',
  // A lieu-dit: a named place inside a commune, like a street without houses.
  locality: 'street',
  municipality: 'municipality',
};

/** IGN Géoplateforme search, the Base Adresse Nationale (its documented /search API). */
export function createIgnGeocoder({ baseUrl }: { baseUrl: string }): Geocoder {
  return {
    name: 'ign',
    async search(query, { limit, signal }) {
      const q = query
        .replace(/^[^\p{L}\p{N}]+/u, '')
        .slice(0, IGN_QUERY_MAX_LENGTH)
        .trim();
      if (q.length < IGN_QUERY_MIN_LENGTH) return [];
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search`);
      url.searchParams.set('q', q);
      url.searchParams.set('limit', String(Math.min(Math.max(limit, 1), IGN_MAX_LIMIT)));
      url.searchParams.set('autocomplete', '1');
      const body = IgnResponse.parse(await fetchJson('ign', url, signal));
      return body.features.flatMap((feature) => {
        const parsed = IgnFeature.safeParse(feature);
        return parsed.success ? [toGeocodedAddress(parsed.data)] : [];
      });
    },
  };
}

function toGeocodedAddress({ geometry, properties }: IgnFeature): GeocodedAddress {
  const [lon, lat] = geometry.coordinates;
  return {
    id: properties.id,
    label: properties.label,
    postcode: properties.postcode ?? null,
    city: properties.city ?? '',
    // context reads '75, Paris, Île-de-France': the department code comes first.
    departmentCode:
      parseDepartmentCode(properties.context?.split(',')[0]) ??
      departmentFromCitycode(properties.citycode) ??
      departmentFromPostcode(properties.postcode),
    lat,
    lon,
    kind: KINDS[properties.type] ?? 'address',
  };
}

import { z } from 'zod';
import type { GeocodedAddress } from '@vroum/core/address';
import { departmentFromPostcode, parseDepartmentCode } from './department-code';
import { fetchJson } from './fetch-json';
import type { Geocoder } from './geocoder';

const MAPBOX_MAX_LIMIT = 10;

const ContextEntry = z.object({
  id: z.string(),
  text: z.string(),
  short_code: z.string().optional(),
});

const MapboxFeature = z.object({
  id: z.string(),
  place_type: z.array(z.string()),
  text: z.string(),
  place_name: z.string(),
  /** House number, on address results that have one. */
  address: z.string().optional(),
  center: z.tuple([z.number(), z.number()]),
  context: z.array(ContextEntry).optional(),
});
type MapboxFeature = z.infer<typeof MapboxFeature>;

const MapboxResponse = z.object({ features: z.array(z.unknown()) });

interface MapboxOptions {
  baseUrl: string;
  accessToken: string;
}

/**
 * Mapbox Geocoding v5, as the site has always queried it: France, addresses, places, postcodes, in
 * French.
 */
export function createMapboxGeocoder({ baseUrl, accessToken }: MapboxOptions): Geocoder {
  return {
    name: 'mapbox',
    async search(query, { limit, signal }) {
      const q = query.trim();
      if (!q) return [];
      const url = new URL(
        `${baseUrl.replace(/\/+$/, '')}/geocoding/v5/mapbox.places/${encodeURIComponent(q)}.json`,
      );
      url.searchParams.set('access_token', accessToken);
      url.searchParams.set('country', 'fr');
      url.searchParams.set('types', 'address,place,postcode');
      url.searchParams.set('language', 'fr');
      url.searchParams.set('limit', String(Math.min(Math.max(limit, 1), MAPBOX_MAX_LIMIT)));
      const body = MapboxResponse.parse(await fetchJson('mapbox', url, signal));
      return body.features.flatMap((feature) => {
        const parsed = MapboxFeature.safeParse(feature);
        return parsed.success ? [toGeocodedAddress(parsed.data)] : [];
      });
    },
  };
}

function toGeocodedAddress(feature: MapboxFeature): GeocodedAddress {
  const [lon, lat] = feature.center;
  const type = feature.place_type[0];
  const fromContext = (kind: string) =>
    feature.context?.find((entry) => entry.id.startsWith(`${kind}.`));
  const postcode = type === 'postcode' ? feature.text : (fromContext('postcode')?.text ?? null);
  // For France the region level is the department, with short_code 'FR-75'.
  const region = fromContext('region');
  return {
    id: feature.id,
    label: feature.place_name,
    postcode,
    city: type === 'place' ? feature.text : (fromContext('place')?.text ?? ''),
    departmentCode:
      parseDepartmentCode(region?.short_code?.replace(/^FR-/i, '')) ??
      departmentFromPostcode(postcode),
    lat,
    lon,
    kind: kindOf(type, feature),
  };
}

function kindOf(type: string | undefined, feature: MapboxFeature): GeocodedAddress['kind'] {
  if (type === 'place') return 'municipality';
  if (type === 'postcode') return 'postcode';
  // An address result without a house number is the street itself.
  return feature.address ? 'address' : 'street';
}

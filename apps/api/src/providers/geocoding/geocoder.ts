import type { GeocodedAddress } from '@vroum/core/address';

export interface GeocoderSearchOptions {
  limit: number;
  signal?: AbortSignal;
}

/**
 * The geocoding port: French addresses matching what the customer typed. Adapters throw on
 * failure; `createGeocoder` (create-geocoder.ts) wraps the configured one so a search never throws.
 */
export interface Geocoder {
  readonly name: string;
  search(query: string, options: GeocoderSearchOptions): Promise<GeocodedAddress[]>;
  /** Loads what the adapter needs before the first search (the built-in gazetteer). */
  warmUp?(): Promise<void>;
}

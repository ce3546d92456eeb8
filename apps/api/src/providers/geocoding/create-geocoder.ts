import type { FastifyBaseLogger } from 'fastify';
import { GeocodedAddress } from '@vroum/core/address';
import type { Config } from '../../config';
import { createBuiltinGeocoder } from './builtin-geocoder';
import { createIgnGeocoder } from './ign-geocoder';
import type { Geocoder } from './geocoder';
import { createMapboxGeocoder } from './mapbox-geocoder';

export const GEOCODER_TIMEOUT_MS = 3000;

/** The configured adapter, wrapped so that a search never throws. */
export function createGeocoder(config: Config['geocoding'], log: FastifyBaseLogger): Geocoder {
  return withFailSafe(createAdapter(config), log);
}

function createAdapter(config: Config['geocoding']): Geocoder {
  switch (config.provider) {
    case 'ign':
      return createIgnGeocoder(config);
    case 'mapbox':
      return createMapboxGeocoder(config);
    case 'builtin':
      return createBuiltinGeocoder();
  }
}

/**
 * A failure gives an empty list, logged: any adapter error (HTTP status, network,
 * timeout, malformed body) becomes [] and a warning naming the provider; results that do not
 * match the wire schema are dropped rather than sent to the browser.
 */
export function withFailSafe(
  adapter: Geocoder,
  log: FastifyBaseLogger,
  timeoutMs = GEOCODER_TIMEOUT_MS,
): Geocoder {
  return {
    name: adapter.name,
    async warmUp() {
      await adapter.warmUp?.();
    },
    async search(query, { limit, signal }) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const results = await raceAbort(
          adapter.search(query, { limit, signal: combined }),
          combined,
        );
        return keepValid(results, adapter.name, log).slice(0, limit);
      } catch (error) {
        log.warn({ provider: adapter.name, reason: describe(error) }, 'geocoding failed');
        return [];
      }
    },
  };
}

/** Adapters that ignore the signal (the built-in while it loads) still give up on time. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function keepValid(results: unknown, provider: string, log: FastifyBaseLogger): GeocodedAddress[] {
  if (!Array.isArray(results)) throw new TypeError('the adapter did not return a list');
  const valid = results.flatMap((result) => {
    const parsed = GeocodedAddress.safeParse(result);
    return parsed.success ? [parsed.data] : [];
  });
  if (valid.length < results.length) {
    log.warn({ provider, dropped: results.length - valid.length }, 'geocoding results dropped');
  }
  return valid;
}

/** Name and message only: a stack or a cause could carry a request URL, hence a token. */
function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

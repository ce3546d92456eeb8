import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';

/** NOTIFY channel of the triggers of migration 0008: a vehicle, a booking or a review changed. */
export const CATALOGUE_CHANGES_CHANNEL = 'catalogue_changes';

/** Answers kept at most; the oldest goes first. */
const MAX_ENTRIES = 500;

/**
 * The catalogue's public answers on this instance (the fleet, a vehicle, which cars are free for
 * a period, is this car free) and the landing pages rendered from them (decision 019), kept for a
 * moment (decision 020). Any committed change to the vehicles, the bookings or the reviews, made
 * through any instance, drops them all (migration 0008). The moment, `maxAgeMs`, bounds what no
 * change announces: a hold that runs out, a notification lost while the connection is down.
 * Requests asking the same thing at the same time share one database read.
 *
 * Only what the database decided is kept, and only for reads: a booking is always decided by
 * the database at the moment it is made (the exclusion constraint), never from here.
 */
export interface CatalogueCache {
  read<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

export async function createCatalogueCache(
  db: Pick<Database, 'listen'>,
  options: { maxAgeMs: number; log: FastifyBaseLogger; now?: () => number },
): Promise<CatalogueCache> {
  if (options.maxAgeMs <= 0) return { read: (_key, compute) => compute() };
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  await db.listen(CATALOGUE_CHANGES_CHANNEL, () => entries.clear());

  return {
    read<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const at = now();
      const kept = entries.get(key);
      if (kept && kept.expiresAt > at) return kept.value as Promise<T>;
      entries.delete(key);
      const value = compute();
      const entry: Entry = { expiresAt: at + options.maxAgeMs, value };
      entries.set(key, entry);
      // A failure is not kept: the next request asks the database again.
      value.catch((error: unknown) => {
        if (entries.get(key) === entry) entries.delete(key);
        options.log.debug({ err: error, key }, 'availability read failed');
      });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}

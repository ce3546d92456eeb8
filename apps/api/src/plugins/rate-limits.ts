import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where the per-address limits are counted (sign-in, sign-up, codes, chat, payment starts,
 * look-ups, reviews). In memory, each process counts alone: right for one instance. In Redis,
 * every instance behind a load balancer counts in one place, so N instances do not allow N
 * times the limit and a brute force spread over them is stopped as if there were one.
 */
export type RateLimitStoreConfig =
  | { kind: 'memory' }
  /** `keyPrefix` keeps this site's counters apart from anything else in the same Redis. */
  | { kind: 'redis'; url: string; keyPrefix: string };

/** One step of a fixed window, in better-auth's storage shape (window in seconds). */
export interface SharedRateLimitCounter {
  consume(
    key: string,
    rule: { window: number; max: number },
  ): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

export interface RateLimitStore {
  kind: RateLimitStoreConfig['kind'];
  /** The counter better-auth uses; undefined keeps its own in-memory one. */
  authCounter: SharedRateLimitCounter | undefined;
  /** Registers the route limits (`config.rateLimit` on a route) on this store. */
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

// Counts one request in the key's window, starting the window on the first one; answers the
// count and the milliseconds left. One script, so two instances never both read a stale count.
const CONSUME_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {current, redis.call('PTTL', KEYS[1])}
`;

export function createRateLimitStore(
  config: RateLimitStoreConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): RateLimitStore {
  if (config.kind === 'memory') {
    return {
      kind: 'memory',
      authCounter: undefined,
      async register(app) {
        await app.register(rateLimit, { global: false });
      },
      close: async () => {},
    };
  }
  const redis = new Redis(config.url, {
    // A request never waits for Redis to come back: the limit is skipped for it (below).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'rate-limit store unreachable: limits are not counted meanwhile');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return {
    kind: 'redis',
    authCounter: {
      async consume(key, rule) {
        try {
          const [count, ttlMs] = (await redis.eval(
            CONSUME_SCRIPT,
            1,
            `${config.keyPrefix}rate-limit:auth:${key}`,
            rule.window * 1000,
          )) as [number, number];
          return count <= rule.max
            ? { allowed: true, retryAfter: null }
            : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) };
        } catch {
          // Redis down: the site stays usable, as the route limits do (skipOnError).
          return { allowed: true, retryAfter: null };
        }
      },
    },
    async register(app) {
      await app.register(rateLimit, {
        global: false,
        redis,
        nameSpace: `${config.keyPrefix}rate-limit:route:`,
        skipOnError: true,
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * A counter in this process with the shared counter's shape, for limits the app counts itself
 * (per e-mail address) when there is no Redis: one instance counts alone, as it should.
 */
export function createMemoryCounter(now: () => number = Date.now): SharedRateLimitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async consume(key, rule) {
      const at = now();
      for (const [stale, entry] of windows) if (entry.endsAt <= at) windows.delete(stale);
      const entry = windows.get(key) ?? { count: 0, endsAt: at + rule.window * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return entry.count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.endsAt - at) / 1000)) };
    },
  };
}

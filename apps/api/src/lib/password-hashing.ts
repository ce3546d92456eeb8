import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * How hard a password is to guess from its hash. `standard` is scrypt at N = 2^14, r = 16, the
 * parameters of the authentication library, so every hash it wrote verifies unchanged; `light`
 * (N = 2^10, sixteen times cheaper) is for the test suites, which sign accounts in and out at
 * about 125 ms of CPU each at the standard cost.
 */
export type PasswordHashCost = 'standard' | 'light';

const STANDARD_N = 16_384;
const N_BY_COST: Record<PasswordHashCost, number> = { standard: STANDARD_N, light: 1_024 };
/** Only the costs this server writes: a hash naming another is refused, never computed. */
const N_ALLOWED = new Set(Object.values(N_BY_COST));
const BLOCK_SIZE = 16;
const KEY_LENGTH = 64;

/** scrypt in libuv's thread pool, not on the event loop: a sign-in does not hold other requests. */
function deriveKey(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r: BLOCK_SIZE, p: 1, maxmem: 256 * n * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * `salt:key` in hexadecimal at the standard cost, the library's own format; `n<N>:salt:key` at
 * another, so that each hash names what verifies it whatever the server's setting.
 */
export function passwordHashing(cost: PasswordHashCost) {
  const n = N_BY_COST[cost];
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      const key = (await deriveKey(password, salt, n)).toString('hex');
      return n === STANDARD_N ? `${salt}:${key}` : `n${n}:${salt}:${key}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parts = hash.split(':');
      const [n, salt, key] =
        parts.length === 3 && /^n\d+$/.test(parts[0]!)
          ? [Number(parts[0]!.slice(1)), parts[1], parts[2]]
          : parts.length === 2
            ? [STANDARD_N, parts[0], parts[1]]
            : [0];
      if (!salt || !key || !N_ALLOWED.has(n)) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, n);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

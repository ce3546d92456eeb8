import { isIP } from 'node:net';
import { z } from 'zod';

/** Names of address ranges Fastify's trustProxy understands as such. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, or a network written address/prefix that is not every address (/0). */
function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the load balancers whose X-Forwarded-For is believed, as a comma-separated list of
 * addresses and networks (10.0.0.0/8,127.0.0.1) or the names loopback, linklocal, uniquelocal;
 * unset or false: none, the client is the connection's address. A request from anywhere else is
 * counted on its own address whatever it claims (decision 032). `true` is refused: it believed
 * every hop, so a client that reached an instance directly chose the address its limits were
 * counted on; so is a hop count or a network of every address, which do the same.
 */
export const TrustedProxies = z
  .string()
  .optional()
  .transform((value, ctx): false | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'list the addresses or networks of the load balancer (e.g. 10.0.0.0/8,127.0.0.1, or ' +
          'loopback when it runs on this machine); true would believe any client that reaches ' +
          'an instance directly',
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address or a network of the load balancer: ${invalid.map((entry) => `"${entry}"`).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

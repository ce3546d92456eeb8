import Stripe from 'stripe';

/** Host, port and protocol of the SDK for an address such as http://127.0.0.1:12111. */
function apiAddress(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * The SDK client every Stripe adapter uses: api.stripe.com, or another address speaking its API
 * (a test server, a proxy). The SDK retries a failed POST with the same idempotency key.
 */
export function createStripeClient(
  secretKey: string,
  apiUrl: string | undefined,
  options: { maxNetworkRetries?: number } = {},
): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    appInfo: { name: 'vroum' },
    ...apiAddress(apiUrl),
  });
}

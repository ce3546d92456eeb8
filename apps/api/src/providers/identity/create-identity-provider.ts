import type { IdentityProvider } from './identity-provider';
import type { StripeIdentitySettings } from './stripe-identity';

/** `config.identity`: IDENTITY_PROVIDER=builtin (default, offline) or stripe. */
export type IdentityConfig =
  { provider: 'builtin' } | ({ provider: 'stripe' } & StripeIdentitySettings);

/** The configured adapter. The Stripe SDK is only loaded when Stripe Identity is configured. */
export async function createIdentityProvider(config: IdentityConfig): Promise<IdentityProvider> {
  if (config.provider === 'stripe') {
    const { StripeIdentity } = await import('./stripe-identity');
    return new StripeIdentity(config);
  }
  return { kind: 'staff_review', name: 'builtin' };
}

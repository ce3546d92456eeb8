import type { Database } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { SandboxProcessor } from './sandbox/sandbox-processor';
import type { StripeSettings } from './stripe/stripe-provider';

/** `config.payments`: PAYMENT_PROVIDER=sandbox (default, offline) or stripe. */
export type PaymentConfig = { provider: 'sandbox' } | ({ provider: 'stripe' } & StripeSettings);

/** The configured adapter. The Stripe SDK is only loaded when Stripe is configured. */
export async function createPaymentProvider(
  config: PaymentConfig,
  db: Database,
): Promise<PaymentProvider> {
  if (config.provider === 'stripe') {
    const { StripeProvider } = await import('./stripe/stripe-provider');
    return new StripeProvider(config);
  }
  return new SandboxProcessor(db);
}

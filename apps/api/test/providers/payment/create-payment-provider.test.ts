import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/client';
import { createPaymentProvider } from '../../../src/providers/payment/create-payment-provider';
import { SandboxProcessor } from '../../../src/providers/payment/sandbox/sandbox-processor';
import { StripeProvider } from '../../../src/providers/payment/stripe/stripe-provider';

const db = {} as Database;

describe('PAYMENT_PROVIDER', () => {
  it('defaults to the built-in sandbox, which needs no key', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.payments).toEqual({ provider: 'sandbox' });
    const provider = await createPaymentProvider(config.payments, db);
    expect(provider).toBeInstanceOf(SandboxProcessor);
    expect(provider.publishableKey).toBeNull();
  });

  it('chooses Stripe with its keys, and an API address for tests or a proxy', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:12111',
    });
    const provider = await createPaymentProvider(config.payments, db);
    expect(provider).toBeInstanceOf(StripeProvider);
    expect(provider).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_1' });
  });

  it('refuses Stripe without its three keys, and an API address that is not a URL', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }),
    ).toThrow(/PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_API_URL: 'stripe proxy' })).toThrow(
      /STRIPE_API_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER/,
    );
  });
});

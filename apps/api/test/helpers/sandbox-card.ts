import type { TestContext } from './test-app';

/**
 * The browser's card form and its 3-D Secure challenge (approved), as the sandbox plays them for
 * an intent the app opened; the default card asks for the challenge.
 */
export async function payWithSandboxCard(
  ctx: TestContext,
  intent: { intentId: string; clientSecret: string },
  number = '4000002760003184',
) {
  const headers = { origin: ctx.config.site.publicUrl };
  const { intentId, clientSecret } = intent;
  const card = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/payment-intents/${intentId}/confirm`,
    headers,
    payload: { clientSecret, number, expMonth: 12, expYear: 2034, cvc: '123' },
  });
  if (card.statusCode !== 200 || card.json().status !== 'requires_action') return card;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/payment-intents/${intentId}/authenticate`,
    headers,
    payload: { clientSecret, approved: true },
  });
}

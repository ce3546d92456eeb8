import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
} from '../../../src/providers/payment/payment-provider';
import { StripeProvider } from '../../../src/providers/payment/stripe/stripe-provider';
import { InvalidWebhook } from '../../../src/providers/webhook-event';
import {
  parseStripeForm,
  startStripeFake,
  type StripeFake,
} from '../../helpers/stripe-fake-server';

let fake: StripeFake;
let stripe: StripeProvider;
/** Plays the customer's browser (Stripe.js confirms the intent directly with Stripe). */
let browser: Stripe;

const settings = (apiUrl: string, secretKey = 'sk_test_adapter') => ({
  secretKey,
  publishableKey: 'pk_test_adapter',
  webhookSecret: 'whsec_adapter',
  apiUrl,
});

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new StripeProvider(settings(fake.url));
  const url = new URL(fake.url);
  browser = new Stripe('sk_test_browser', {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());

let counter = 0;
const key = (label: string) => `test:${label}:${++counter}`;

function rental(idempotencyKey = key('rental'), amountCents = 45_600, provider = stripe) {
  return provider.createIntent({
    amountCents,
    captureMethod: 'manual',
    saveCard: true,
    description: 'Location Porsche Panamera · réservation 1A2B3C4D',
    metadata: { bookingId: 'b-1', reference: '1A2B3C4D', kind: 'rental' },
    customerEmail: 'alice@example.fr',
    idempotencyKey,
  });
}

/** What Stripe.js does with the Payment Element: confirms with the card the customer typed. */
async function confirmInBrowser(intentId: string, paymentMethod: string) {
  try {
    return await browser.paymentIntents.confirm(intentId, { payment_method: paymentMethod });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return error;
    throw error;
  }
}

async function authorisedRental() {
  const intent = await rental();
  await confirmInBrowser(intent.id, 'pm_card_visa');
  return stripe.retrieveIntent(intent.id);
}

describe('the fake’s form parser', () => {
  it('reads brackets, nested keys and indexed or empty-index arrays, all as strings', () => {
    expect(
      parseStripeForm(
        'amount=100&metadata[bookingId]=b1&payment_method_options%5Bcard%5D%5Brequest_extended_authorization%5D=if_available&expand[0]=latest_charge&expand[1]=customer&list[]=a&list[]=b&confirm=true&description=Caution+%C2%B7+A%26B',
      ),
    ).toEqual({
      amount: '100',
      metadata: { bookingId: 'b1' },
      payment_method_options: { card: { request_extended_authorization: 'if_available' } },
      expand: ['latest_charge', 'customer'],
      list: ['a', 'b'],
      confirm: 'true',
      description: 'Caution · A&B',
    });
  });
});

describe('StripeProvider.createIntent', () => {
  it('creates a Customer and a manual-capture card intent that keeps the card, with the caller’s key', async () => {
    const idempotencyKey = key('create');
    const intent = await rental(idempotencyKey);

    const [customerRequest] = fake.requestsTo('POST', '/v1/customers').slice(-1);
    expect(customerRequest?.headers['idempotency-key']).toBe(`${idempotencyKey}:customer`);
    expect(customerRequest?.params).toMatchObject({ email: 'alice@example.fr' });
    const [sent] = fake.requestsTo('POST', '/v1/payment_intents').slice(-1);
    expect(sent?.headers['idempotency-key']).toBe(idempotencyKey);
    expect(sent?.headers.authorization).toBe('Bearer sk_test_adapter');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.rawBody).toContain('metadata[bookingId]=b-1');
    expect(sent?.params).toEqual({
      amount: '45600',
      currency: 'eur',
      capture_method: 'manual',
      description: 'Location Porsche Panamera · réservation 1A2B3C4D',
      metadata: { bookingId: 'b-1', reference: '1A2B3C4D', kind: 'rental' },
      allowed_payment_method_types: ['card'],
      customer: fake.customers.get(fake.intents.get(intent.id)!.customer as string)!.id,
      setup_future_usage: 'off_session',
      expand: ['latest_charge'],
    });

    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 45_600,
      amountCapturableCents: 0,
      paymentMethodId: null,
      captureBefore: null,
      lastError: null,
      metadata: { bookingId: 'b-1', kind: 'rental' },
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
  });

  it('replays a retried request: one Customer, one intent, its current state', async () => {
    const idempotencyKey = key('retry');
    const first = await rental(idempotencyKey);
    await confirmInBrowser(first.id, 'pm_card_visa');
    const intentsBefore = fake.intents.size;
    const customersBefore = fake.customers.size;

    const again = await rental(idempotencyKey);
    expect(again.id).toBe(first.id);
    // The replayed answer is the first one (requires_payment_method): the adapter re-reads it.
    expect(again.status).toBe('requires_capture');
    expect(fake.intents.size).toBe(intentsBefore);
    expect(fake.customers.size).toBe(customersBefore);
    const sent = fake
      .requestsTo('POST', '/v1/payment_intents')
      .filter((r) => r.headers['idempotency-key'] === idempotencyKey);
    expect(sent.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('creates one intent when the answer is lost and the SDK retries with the same key', async () => {
    const idempotencyKey = key('lost');
    const before = fake.intents.size;
    const customersBefore = fake.customers.size;
    fake.dropNextResponse(); // the Customer's answer is lost…
    const intent = await rental(idempotencyKey);
    expect(fake.intents.size).toBe(before + 1);
    const customerCalls = fake
      .requestsTo('POST', '/v1/customers')
      .filter((r) => r.headers['idempotency-key'] === `${idempotencyKey}:customer`);
    expect(customerCalls.map((r) => r.replayed)).toEqual([false, true]);
    expect(fake.customers.size).toBe(customersBefore + 1);
    expect(fake.customers.has(fake.intents.get(intent.id)?.customer as string)).toBe(true);

    fake.dropNextResponse(); // …and so is the next intent's.
    const second = await rental(key('lost-intent'));
    expect(fake.intents.size).toBe(before + 2);
    expect((await stripe.retrieveIntent(second.id)).status).toBe('requires_payment_method');
  });

  it('refuses the same key with other parameters (idempotency_error)', async () => {
    const idempotencyKey = key('conflict');
    await rental(idempotencyKey, 10_000);
    await expect(rental(idempotencyKey, 20_000)).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('answers the port’s conflict while another request still uses the key (409), then the one outcome', async () => {
    // Without the SDK's own retries, which would wait for the other request to end.
    const impatient = new StripeProvider(settings(fake.url), { maxNetworkRetries: 0 });
    const idempotencyKey = key('in-progress');
    const intentsBefore = fake.intents.size;
    const release = fake.holdKey(idempotencyKey);
    await expect(rental(idempotencyKey, 45_600, impatient)).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(fake.intents.size).toBe(intentsBefore);

    release();
    const intent = await rental(idempotencyKey, 45_600, impatient);
    expect((await rental(idempotencyKey, 45_600, impatient)).id).toBe(intent.id);
    expect(fake.intents.size).toBe(intentsBefore + 1);

    const authorised = await authorisedRental();
    const captureKey = key('capture-in-progress');
    const releaseCapture = fake.holdKey(captureKey);
    await expect(impatient.captureIntent(authorised.id, captureKey)).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect((await stripe.retrieveIntent(authorised.id)).status).toBe('requires_capture');
    releaseCapture();
    expect((await impatient.captureIntent(authorised.id, captureKey)).status).toBe('succeeded');
  });

  it('is refused without a valid secret key (401)', async () => {
    const wrong = new StripeProvider(settings(fake.url, 'rk_live_wrong'));
    await expect(wrong.retrieveIntent('pi_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('confirmation by the customer, as the adapter reads it', () => {
  it('authorises a good card: requires_capture, the saved card, capture_before from the charge', async () => {
    const before = Date.now();
    const intent = await authorisedRental();
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amountCapturableCents: 45_600,
      amountReceivedCents: 0,
    });
    expect(intent.paymentMethodId).toMatch(/^pm_/);
    expect(fake.paymentMethods.get(intent.paymentMethodId!)?.customer).toBe(
      fake.intents.get(intent.id)?.customer,
    );
    const lapses = intent.captureBefore!.getTime();
    expect(lapses).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 2000);
    expect(lapses).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 2000);
    const [retrieve] = fake.requestsTo('GET', `/v1/payment_intents/${intent.id}`).slice(-1);
    expect(retrieve?.params).toEqual({ expand: ['latest_charge'] });
  });

  it('reads declines back with French messages', async () => {
    const cases = [
      ['pm_card_visa_chargeDeclined', 'card_declined', 'Votre carte a été refusée.'],
      [
        'pm_card_visa_chargeDeclinedInsufficientFunds',
        'insufficient_funds',
        'Votre carte ne dispose pas de fonds suffisants.',
      ],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Votre carte a expiré.'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'Le code de sécurité est incorrect.'],
    ] as const;
    for (const [card, code, message] of cases) {
      const intent = await rental();
      const refused = await confirmInBrowser(intent.id, card);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect((refused as Stripe.errors.StripeCardError).statusCode).toBe(402);
      expect((refused as Stripe.errors.StripeCardError).payment_intent?.status).toBe(
        'requires_payment_method',
      );
      const read = await stripe.retrieveIntent(intent.id);
      expect(read.status).toBe('requires_payment_method');
      expect(read.lastError).toEqual({ code, message });
    }
  });

  it('lets the customer retry with another card after a decline', async () => {
    const intent = await rental();
    await confirmInBrowser(intent.id, 'pm_card_visa_chargeDeclined');
    await confirmInBrowser(intent.id, 'pm_card_visa');
    expect(await stripe.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_capture',
      lastError: null,
    });
  });

  it('waits for 3-D Secure, then authorises or refuses', async () => {
    const approved = await rental();
    const pending = await confirmInBrowser(approved.id, 'pm_card_authenticationRequired');
    expect(pending).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    expect((await stripe.retrieveIntent(approved.id)).status).toBe('requires_action');
    fake.completeAction(approved.id, true);
    expect((await stripe.retrieveIntent(approved.id)).status).toBe('requires_capture');

    const failed = await rental();
    await confirmInBrowser(failed.id, 'pm_card_threeDSecure2Required');
    fake.completeAction(failed.id, false);
    expect(await stripe.retrieveIntent(failed.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: {
        code: 'payment_intent_authentication_failure',
        message: 'L’authentification 3-D Secure a échoué. Aucun montant n’a été débité.',
      },
    });
  });
});

describe('capture, cancel, refund', () => {
  it('captures an authorisation once, with the key given', async () => {
    const intent = await authorisedRental();
    const captureKey = key('capture');
    const captured = await stripe.captureIntent(intent.id, captureKey);
    expect(captured).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 45_600,
      amountCapturableCents: 0,
      captureBefore: null,
    });
    // The same call again is a replay; another key on a captured intent reads it back.
    expect((await stripe.captureIntent(intent.id, captureKey)).status).toBe('succeeded');
    expect((await stripe.captureIntent(intent.id, key('other'))).status).toBe('succeeded');
    const calls = fake.requestsTo('POST', `/v1/payment_intents/${intent.id}/capture`);
    expect(calls[0]?.headers['idempotency-key']).toBe(captureKey);
    expect(calls.map((c) => [c.status, c.replayed])).toEqual([
      [200, false],
      [200, true],
      [400, false],
    ]);
    const charge = fake.charges.get(fake.intents.get(intent.id)!.latest_charge as string)!;
    expect(charge).toMatchObject({ captured: true, amount_captured: 45_600 });
  });

  it('captures part of an authorisation', async () => {
    const intent = await authorisedRental();
    const captured = await stripe.captureIntent(intent.id, key('partial'), 30_000);
    expect(captured.amountReceivedCents).toBe(30_000);
    const [call] = fake.requestsTo('POST', `/v1/payment_intents/${intent.id}/capture`);
    expect(call?.params).toMatchObject({ amount_to_capture: '30000' });
  });

  it('refuses to capture what was never authorised', async () => {
    const intent = await rental();
    await expect(stripe.captureIntent(intent.id, key('early'))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
  });

  it('cancels (releases) an authorisation; cancelling again or a captured intent reads it back', async () => {
    const intent = await authorisedRental();
    const cancelled = await stripe.cancelIntent(intent.id, key('cancel'));
    expect(cancelled).toMatchObject({ status: 'canceled', amountCapturableCents: 0 });
    expect((await stripe.cancelIntent(intent.id, key('cancel-again'))).status).toBe('canceled');

    const captured = await authorisedRental();
    await stripe.captureIntent(captured.id, key('capture'));
    expect((await stripe.cancelIntent(captured.id, key('too-late'))).status).toBe('succeeded');
  });

  it('refunds part then the rest of a captured payment, never more', async () => {
    const intent = await authorisedRental();
    await stripe.captureIntent(intent.id, key('capture'));
    const refundKey = key('refund');
    const refund = await stripe.refund(intent.id, 10_000, refundKey);
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 10_000 });
    expect(refund.id).toMatch(/^re_/);
    const [call] = fake.requestsTo('POST', '/v1/refunds').slice(-1);
    expect(call?.params).toEqual({ payment_intent: intent.id, amount: '10000' });
    expect(call?.headers['idempotency-key']).toBe(refundKey);
    // A retry of the same refund refunds nothing more.
    expect((await stripe.refund(intent.id, 10_000, refundKey)).id).toBe(refund.id);
    await expect(stripe.refund(intent.id, 40_000, key('too-much'))).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    // What the reconciliation reads back: the amount refunded so far.
    expect((await stripe.retrieveIntent(intent.id)).amountRefundedCents).toBe(10_000);
    await stripe.refund(intent.id, 35_600, key('rest'));
    const charge = fake.charges.get(fake.intents.get(intent.id)!.latest_charge as string)!;
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 45_600 });
    expect((await stripe.retrieveIntent(intent.id)).amountRefundedCents).toBe(45_600);
  });

  it('reads a partial capture as nothing refunded: the rest of the authorisation was released', async () => {
    const intent = await authorisedRental();
    await stripe.captureIntent(intent.id, key('partial'), 30_000);
    expect(await stripe.retrieveIntent(intent.id)).toMatchObject({
      amountReceivedCents: 30_000,
      amountRefundedCents: 0,
    });
  });
});

describe('StripeProvider.holdOffSession (the deposit)', () => {
  it('authorises the deposit on the saved card without the customer', async () => {
    const rentalIntent = await authorisedRental();
    const holdKey = key('deposit');
    const hold = await stripe.holdOffSession({
      amountCents: 350_000,
      paymentMethodId: rentalIntent.paymentMethodId!,
      description: 'Caution · réservation 1A2B3C4D',
      metadata: { bookingId: 'b-1', reference: '1A2B3C4D', kind: 'deposit' },
      idempotencyKey: holdKey,
    });
    expect(hold).toMatchObject({
      status: 'requires_capture',
      amountCents: 350_000,
      amountCapturableCents: 350_000,
    });
    expect(hold.captureBefore!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const [call] = fake.requestsTo('POST', '/v1/payment_intents').slice(-1);
    expect(call?.headers['idempotency-key']).toBe(holdKey);
    expect(call?.params).toMatchObject({
      amount: '350000',
      currency: 'eur',
      customer: fake.intents.get(rentalIntent.id)?.customer,
      payment_method: rentalIntent.paymentMethodId,
      capture_method: 'manual',
      confirm: 'true',
      off_session: 'true',
      payment_method_options: { card: { request_extended_authorization: 'if_available' } },
      metadata: { kind: 'deposit' },
    });

    // A retried job places no second hold.
    const again = await stripe.holdOffSession({
      amountCents: 350_000,
      paymentMethodId: rentalIntent.paymentMethodId!,
      description: 'Caution · réservation 1A2B3C4D',
      metadata: { bookingId: 'b-1', reference: '1A2B3C4D', kind: 'deposit' },
      idempotencyKey: holdKey,
    });
    expect(again.id).toBe(hold.id);
  });

  it('reports a bank asking for authentication as a decline with the French message', async () => {
    const intent = await rental();
    await confirmInBrowser(intent.id, 'pm_card_authenticationRequired');
    fake.completeAction(intent.id, true);
    const { paymentMethodId } = await stripe.retrieveIntent(intent.id);
    const attempt = stripe.holdOffSession({
      amountCents: 350_000,
      paymentMethodId: paymentMethodId!,
      description: 'Caution',
      metadata: { kind: 'deposit' },
      idempotencyKey: key('deposit-3ds'),
    });
    await expect(attempt).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(attempt).rejects.toMatchObject({
      code: 'authentication_required',
      message:
        'Votre banque demande une authentification\u00a0: nous vous contacterons pour valider la caution.',
      intent: { status: 'requires_payment_method' },
    });
  });

  it('lets an authorisation lapse after 7 days, as cards do', async () => {
    const intent = await authorisedRental();
    fake.advanceTime(7 * 86_400 + 60);
    try {
      expect((await stripe.retrieveIntent(intent.id)).status).toBe('canceled');
      await expect(stripe.captureIntent(intent.id, key('late'))).rejects.toMatchObject({
        code: 'payment_intent_unexpected_state',
      });
    } finally {
      fake.advanceTime(-(7 * 86_400 + 60));
    }
  });
});

describe('webhook signatures', () => {
  it('accepts what the fake signs with the endpoint secret and rejects anything else', () => {
    const event = fake.buildEvent('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
    });
    const signed = fake.signedWebhook(event, 'whsec_adapter');
    const parsed = stripe.constructWebhookEvent(
      Buffer.from(signed.payload),
      signed.headers['stripe-signature']!,
    );
    expect(parsed.id).toBe(event.id);
    expect(() =>
      stripe.constructWebhookEvent(
        Buffer.from(signed.payload.replace('pi_x', 'pi_y')),
        signed.headers['stripe-signature']!,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const other = fake.signedWebhook(event, 'whsec_other');
    expect(() =>
      stripe.constructWebhookEvent(Buffer.from(other.payload), other.headers['stripe-signature']!),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const old = fake.signedWebhook(event, 'whsec_adapter', Math.floor(Date.now() / 1000) - 600);
    expect(() =>
      stripe.constructWebhookEvent(Buffer.from(old.payload), old.headers['stripe-signature']!),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('gives the port the verified event reduced to its ids, or InvalidWebhook', () => {
    const event = fake.buildEvent('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
    });
    const signed = fake.signedWebhook(event, 'whsec_adapter');
    expect(stripe.verifyWebhook(Buffer.from(signed.payload), signed.headers)).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      objectId: 'pi_x',
    });
    const forged = fake.signedWebhook(event, 'whsec_other');
    expect(() => stripe.verifyWebhook(Buffer.from(forged.payload), forged.headers)).toThrow(
      InvalidWebhook,
    );
    expect(() => stripe.verifyWebhook(Buffer.from(signed.payload), {})).toThrow(InvalidWebhook);
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { mountIdentity, type IdentityFake } from './stripe-fake-identity';

/**
 * A local server speaking Stripe's wire format (as Stripe's API reference documents it) for the
 * adapter's tests: form-encoded bodies with brackets, `Authorization: Bearer sk_test_…`,
 * idempotency keys with replay, PaymentIntents (manual capture, test payment methods, declines as
 * HTTP 402, 3-D Secure), Charges with `capture_before`, Refunds, Customers, PaymentMethods,
 * Identity VerificationSessions (stripe-fake-identity.ts), and the events a webhook endpoint would
 * receive, signed like Stripe signs them. State lives in memory.
 */

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

/** What a test payment method does when charged (docs.stripe.com/testing). */
type CardBehaviour =
  | { kind: 'success' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** Asks for 3-D Secure on every payment (on-session: requires_action; off-session: 402). */
  | { kind: 'authenticate' }
  /** Asks for 3-D Secure unless the card was saved for off-session use. */
  | { kind: 'authenticate_unless_setup' };

interface TestCard {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

const decline = (code: string, declineCode: string, message: string): CardBehaviour => ({
  kind: 'decline',
  code,
  declineCode,
  message,
});

/** Stripe's test PaymentMethod ids, each standing for a test card number. */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: { kind: 'success' } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: { kind: 'success' } },
  pm_card_visa_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    behaviour: decline('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    behaviour: decline('expired_card', 'expired_card', 'Your card has expired.'),
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    behaviour: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    behaviour: decline('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    behaviour: { kind: 'authenticate' },
  },
  pm_card_threeDSecure2Required: {
    brand: 'visa',
    last4: '3220',
    behaviour: { kind: 'authenticate' },
  },
  pm_card_authenticationRequiredOnSetup: {
    brand: 'visa',
    last4: '3155',
    behaviour: { kind: 'authenticate_unless_setup' },
  },
};

/** Card authorisations lapse after 7 days (`capture_before`). */
const AUTHORISATION_SECONDS = 7 * 86_400;

// ---------------------------------------------------------------------------------------------
// Form encoding with brackets: a[b][c]=v, list[]=x, list[0]=x; every value is a string.

/** Parses `application/x-www-form-urlencoded` the way Stripe reads it (brackets, indexed arrays). */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  if (!body) return root;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Params | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const container = (): Params | unknown[] => (nextIsIndex ? [] : {});
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment);
        if (last) node[index] = value;
        else node = (node[index] ??= container()) as Params | unknown[];
      } else if (last) {
        node[segment] = value;
      } else {
        node = (node[segment] ??= container()) as Params | unknown[];
      }
    }
  }
  return compactArrays(root) as Params;
}

function compactArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactArrays);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compactArrays(v)]));
  }
  return value;
}

// ---------------------------------------------------------------------------------------------

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    /** Validation failures are not kept under an idempotency key, as at Stripe. */
    readonly saved = true,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Json = {}, status = 400, saved = true) =>
  new StripeFakeError(status, { type: 'invalid_request_error', message, ...extra }, saved);
const missingParam = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param }, 400, false);
const noSuch = (object: string, id: string, param = 'id') =>
  invalid(`No such ${object}: '${id}'`, { code: 'resource_missing', param }, 404);
const unexpectedState = (message: string) =>
  invalid(message, { code: 'payment_intent_unexpected_state' });

const randomId = (prefix: string, length = 24) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
};
const clone = <T>(value: T): T => structuredClone(value);
const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const asRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'))
    : {};
const isTrue = (value: unknown) => value === 'true';
const toList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Body (POST) or query (GET) parameters as Stripe parsed them. */
  params: Params;
  rawBody: string;
  status: number;
  /** Answered from the idempotency store (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

export interface StripeFakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Json; previous_attributes?: Json };
}

export interface StripeFake extends IdentityFake {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  /** Every event the account would send to a webhook endpoint, oldest first. */
  events: StripeFakeEvent[];
  intents: Map<string, Json>;
  charges: Map<string, Json>;
  customers: Map<string, Json>;
  refunds: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  /** Requests to one path (and method), to assert what the adapter sent. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** The PaymentIntent as the API returns it (optionally with `latest_charge` expanded). */
  intent(id: string, expand?: string[]): Json;
  /** The customer answers the 3-D Secure challenge (what Stripe.js shows them). */
  completeAction(intentId: string, approved: boolean): Json;
  /** Moves the fake's clock (authorisations lapse when `capture_before` passes). */
  advanceTime(seconds: number): void;
  /** The next request is handled and its answer kept, then the connection is cut. */
  dropNextResponse(): void;
  /**
   * The next request matching is answered this 5xx error instead, with `Stripe-Should-Retry:
   * false` so the SDK gives up at once: an outage longer than its own retries.
   */
  failNext(method: string, path: string | RegExp, status: number): void;
  /**
   * A request under this idempotency key is under way elsewhere: until the returned function is
   * called, requests with the key are answered 409 Conflict, and nothing is saved under it.
   */
  holdKey(key: string): () => void;
  /** An event as Stripe builds it (`data.object` as given). */
  buildEvent(type: string, object: Json, previousAttributes?: Json): StripeFakeEvent;
  /** The body and headers Stripe would POST to a webhook endpoint with this secret. */
  signedWebhook(
    event: object,
    secret: string,
    timestamp?: number,
  ): { payload: string; headers: Record<string, string> };
  /** POSTs the event, signed with this secret, to a webhook endpoint; its answer. */
  sendWebhook(
    url: string,
    event: object,
    secret: string,
    timestamp?: number,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface StripeFakeOptions {
  /** When set, only this secret key is accepted (otherwise any `sk_test_…`). */
  secretKey?: string;
  /** Port on 127.0.0.1; a free one when unset. */
  port?: number;
}

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  /** Hidden test behaviour of each PaymentMethod created from a test id. */
  const behaviours = new Map<string, CardBehaviour>();
  /** PaymentMethods saved for off-session use (setup_future_usage on a confirmed payment). */
  const setUpOffSession = new Set<string>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: RecordedRequest[] = [];
  const events: StripeFakeEvent[] = [];
  let offsetSeconds = 0;
  let dropNext = false;
  const failures: { method: string; path: string | RegExp; status: number }[] = [];
  const keysInProgress = new Set<string>();
  let current: { requestId: string; idempotencyKey: string | null } = {
    requestId: '',
    idempotencyKey: null,
  };
  let baseUrl = '';

  const now = () => Math.floor(Date.now() / 1000) + offsetSeconds;

  function buildEvent(type: string, object: Json, previousAttributes?: Json): StripeFakeEvent {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: current.requestId || null, idempotency_key: current.idempotencyKey },
      type,
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
  }
  const emit = (type: string, object: Json) => events.push(buildEvent(type, object));

  // --- objects --------------------------------------------------------------------------------

  function render(intent: Json, expand: string[]): Json {
    const out = clone(intent);
    if (expand.includes('latest_charge') && typeof out.latest_charge === 'string') {
      out.latest_charge = clone(charges.get(out.latest_charge) ?? null);
    }
    if (expand.includes('customer') && typeof out.customer === 'string') {
      out.customer = clone(customers.get(out.customer) ?? null);
    }
    if (expand.includes('payment_method') && typeof out.payment_method === 'string') {
      out.payment_method = clone(paymentMethods.get(out.payment_method) ?? null);
    }
    return out;
  }

  function getIntent(id: string): Json {
    const intent = intents.get(id);
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    lapse(intent);
    return intent;
  }

  /** An uncaptured authorisation past `capture_before` is cancelled by Stripe. */
  function lapse(intent: Json) {
    if (intent.status !== 'requires_capture' || typeof intent.latest_charge !== 'string') return;
    const charge = charges.get(intent.latest_charge);
    const card = (charge?.payment_method_details as { card?: { capture_before?: number } })?.card;
    if (!card?.capture_before || card.capture_before > now()) return;
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: now(),
      cancellation_reason: 'automatic',
    });
    Object.assign(charge!, { refunded: true, amount_refunded: charge!.amount });
    emit('payment_intent.canceled', intent);
  }

  /** A test id (pm_card_visa) becomes a new PaymentMethod, as Stripe does. */
  function resolvePaymentMethod(id: string): Json {
    const existing = paymentMethods.get(id);
    if (existing) return existing;
    const card = TEST_PAYMENT_METHODS[id];
    if (!card) throw noSuch('PaymentMethod', id, 'payment_method');
    const created: Json = {
      id: randomId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'FR',
        funding: 'credit',
      },
      customer: null,
      billing_details: { email: null, name: null },
      created: now(),
      livemode: false,
      metadata: {},
    };
    paymentMethods.set(created.id as string, created);
    behaviours.set(created.id as string, card.behaviour);
    return created;
  }

  function cardDetails(pm: Json) {
    return pm.card as { brand: string; last4: string; exp_month: number; exp_year: number };
  }

  function createCharge(intent: Json, pm: Json, outcome: 'authorised' | 'failed', error?: Json) {
    const manual = intent.capture_method === 'manual';
    const failed = outcome === 'failed';
    const charge: Json = {
      id: randomId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: failed || manual ? 0 : intent.amount,
      amount_refunded: 0,
      captured: !failed && !manual,
      refunded: false,
      paid: !failed,
      status: failed ? 'failed' : 'succeeded',
      currency: intent.currency,
      customer: intent.customer ?? null,
      description: intent.description ?? null,
      payment_intent: intent.id,
      payment_method: pm.id,
      failure_code: failed ? (error?.code ?? null) : null,
      failure_message: failed ? (error?.message ?? null) : null,
      outcome: failed
        ? { type: 'issuer_declined', reason: error?.decline_code ?? null }
        : { type: 'authorized', network_status: 'approved_by_network' },
      payment_method_details: {
        type: 'card',
        card: {
          ...cardDetails(pm),
          ...(manual && !failed ? { capture_before: now() + AUTHORISATION_SECONDS } : {}),
          // No test card here qualifies for an extended authorisation (`if_available` asked or
          // not): the hold lasts the standard 7 days.
          extended_authorization: { status: 'disabled' },
        },
      },
      metadata: clone(intent.metadata),
      created: now(),
      livemode: false,
    };
    charges.set(charge.id as string, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  /** Authorises (manual) or charges (automatic) the intent on its payment method. */
  function authorise(intent: Json, pm: Json) {
    const charge = createCharge(intent, pm, 'authorised');
    Object.assign(intent, { last_payment_error: null, next_action: null });
    if (intent.setup_future_usage && intent.customer) {
      pm.customer = intent.customer;
      setUpOffSession.add(pm.id as string);
    }
    if (intent.capture_method === 'manual') {
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
      emit('payment_intent.amount_capturable_updated', intent);
    } else {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      emit('charge.succeeded', charge);
      emit('payment_intent.succeeded', intent);
    }
  }

  /** A refused attempt: the intent goes back to requires_payment_method; HTTP 402. */
  function refuse(intent: Json, pm: Json, error: Json, expand: string[]): never {
    const charge = createCharge(intent, pm, 'failed', error);
    const lastError = {
      type: 'card_error',
      ...error,
      charge: charge.id,
      doc_url: `https://docs.stripe.com/error-codes/${String(error.code).replaceAll('_', '-')}`,
      payment_method: clone(pm),
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: lastError,
    });
    emit('charge.failed', charge);
    emit('payment_intent.payment_failed', intent);
    throw new StripeFakeError(402, {
      ...lastError,
      payment_intent: render(intent, expand),
    });
  }

  function confirm(intent: Json, params: Params, expand: string[]): void {
    if (!['requires_payment_method', 'requires_confirmation'].includes(String(intent.status))) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`,
      );
    }
    const pmId = asString(params.payment_method) ?? asString(intent.payment_method);
    if (!pmId) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
      );
    }
    const pm = resolvePaymentMethod(pmId);
    if (pm.customer && intent.customer && pm.customer !== intent.customer) {
      throw invalid(
        `The provided PaymentMethod belongs to another customer.`,
        { param: 'payment_method' },
        400,
      );
    }
    const offSession = isTrue(params.off_session) || isTrue(intent.off_session);
    const returnUrl = asString(params.return_url);
    intent.payment_method = pm.id;
    const behaviour = behaviours.get(pm.id as string) ?? { kind: 'success' };
    const needsAuthentication =
      behaviour.kind === 'authenticate' ||
      (behaviour.kind === 'authenticate_unless_setup' &&
        !(offSession && setUpOffSession.has(pm.id as string)));
    if (behaviour.kind === 'decline') {
      refuse(
        intent,
        pm,
        { code: behaviour.code, decline_code: behaviour.declineCode, message: behaviour.message },
        expand,
      );
    }
    if (needsAuthentication && offSession) {
      refuse(
        intent,
        pm,
        {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        },
        expand,
      );
    }
    if (needsAuthentication) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: returnUrl
          ? {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `${baseUrl}/3ds/${String(intent.id)}`,
                return_url: returnUrl,
              },
            }
          : {
              type: 'use_stripe_sdk',
              use_stripe_sdk: {
                type: 'three_d_secure_redirect',
                stripe_js: `${baseUrl}/3ds/${String(intent.id)}`,
              },
            },
      });
      emit('payment_intent.requires_action', intent);
      return;
    }
    authorise(intent, pm);
  }

  // --- routes ---------------------------------------------------------------------------------

  type Handler = (params: Params, match: RegExpExecArray) => Json;
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const route = (method: string, pattern: RegExp, handler: Handler) =>
    routes.push({ method, pattern, handler });
  const expandOf = (params: Params) => toList(params.expand);

  route('POST', /^\/v1\/customers$/, (params) => {
    const customer: Json = {
      id: randomId('cus', 14),
      object: 'customer',
      email: asString(params.email) ?? null,
      name: asString(params.name) ?? null,
      phone: asString(params.phone) ?? null,
      description: asString(params.description) ?? null,
      metadata: asRecord(params.metadata),
      created: now(),
      livemode: false,
    };
    customers.set(customer.id as string, customer);
    return customer;
  });
  route('GET', /^\/v1\/customers\/([^/]+)$/, (_params, m) => {
    const customer = customers.get(m[1]!);
    if (!customer) throw noSuch('customer', m[1]!);
    return customer;
  });

  route('GET', /^\/v1\/payment_methods\/([^/]+)$/, (_params, m) => {
    const pm = paymentMethods.get(m[1]!);
    if (!pm) throw noSuch('PaymentMethod', m[1]!, 'payment_method');
    return pm;
  });
  route('POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (params, m) => {
    const pm = resolvePaymentMethod(m[1]!);
    const customer = asString(params.customer);
    if (!customer) throw missingParam('customer');
    if (!customers.has(customer)) throw noSuch('customer', customer, 'customer');
    pm.customer = customer;
    return pm;
  });

  route('GET', /^\/v1\/charges\/([^/]+)$/, (_params, m) => {
    const charge = charges.get(m[1]!);
    if (!charge) throw noSuch('charge', m[1]!);
    return charge;
  });

  route('POST', /^\/v1\/payment_intents$/, (params) => {
    if (params.amount === undefined) throw missingParam('amount');
    if (params.currency === undefined) throw missingParam('currency');
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw invalid('Invalid integer: ' + String(params.amount), { param: 'amount' }, 400, false);
    }
    if (String(params.currency).toLowerCase() === 'eur' && amount < 50) {
      throw invalid(
        'Amount must be at least €0.50 eur',
        { code: 'amount_too_small', param: 'amount' },
        400,
        false,
      );
    }
    const captureMethod = asString(params.capture_method) ?? 'automatic';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
      throw invalid(
        `Invalid capture_method: ${captureMethod}`,
        { param: 'capture_method' },
        400,
        false,
      );
    }
    const customer = asString(params.customer) ?? null;
    if (customer && !customers.has(customer)) throw noSuch('customer', customer, 'customer');
    if (params.off_session !== undefined && !isTrue(params.confirm)) {
      throw invalid(
        'off_session can only be used when confirm=true.',
        { param: 'off_session' },
        400,
        false,
      );
    }
    const id = randomId('pi');
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: toList(params.allowed_payment_method_types).length
        ? toList(params.allowed_payment_method_types)
        : ['card'],
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomId('x', 25).slice(2)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: String(params.currency).toLowerCase(),
      customer,
      description: asString(params.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: asRecord(params.metadata),
      next_action: null,
      payment_method: null,
      payment_method_options: {
        card: {
          request_three_d_secure: 'automatic',
          ...(asString(
            (params.payment_method_options as { card?: Params } | undefined)?.card
              ?.request_extended_authorization,
          )
            ? {
                request_extended_authorization: (params.payment_method_options as { card: Params })
                  .card.request_extended_authorization,
              }
            : {}),
        },
      },
      setup_future_usage: asString(params.setup_future_usage) ?? null,
      status: 'requires_payment_method',
    };
    const pm = asString(params.payment_method);
    if (pm) {
      resolvePaymentMethod(pm);
      intent.payment_method = pm;
      intent.status = 'requires_confirmation';
    }
    intents.set(id, intent);
    emit('payment_intent.created', intent);
    if (isTrue(params.confirm)) confirm(intent, params, expandOf(params));
    return render(intent, expandOf(params));
  });

  route('GET', /^\/v1\/payment_intents\/([^/]+)$/, (params, m) =>
    render(getIntent(m[1]!), expandOf(params)),
  );

  route('POST', /^\/v1\/payment_intents\/([^/]+)$/, (params, m) => {
    const intent = getIntent(m[1]!);
    if (params.metadata) {
      intent.metadata = { ...(intent.metadata as Json), ...asRecord(params.metadata) };
    }
    if (asString(params.description)) intent.description = params.description;
    return render(intent, expandOf(params));
  });

  route('POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, (params, m) => {
    const intent = getIntent(m[1]!);
    confirm(intent, params, expandOf(params));
    return render(intent, expandOf(params));
  });

  route('POST', /^\/v1\/payment_intents\/([^/]+)\/capture$/, (params, m) => {
    const intent = getIntent(m[1]!);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const capturable = intent.amount_capturable as number;
    const amount =
      params.amount_to_capture === undefined ? capturable : Number(params.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > capturable) {
      throw invalid(
        'The amount to capture must be a positive integer no greater than the amount capturable.',
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    }
    const charge = charges.get(intent.latest_charge as string)!;
    Object.assign(charge, {
      captured: true,
      amount_captured: amount,
      // The part not captured is released (shown as refunded).
      amount_refunded: (charge.amount as number) - amount,
    });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    emit('charge.captured', charge);
    emit('payment_intent.succeeded', intent);
    return render(intent, expandOf(params));
  });

  route('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, (params, m) => {
    const intent = getIntent(m[1]!);
    const cancellable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancellable.includes(String(intent.status))) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
      );
    }
    const reason = asString(params.cancellation_reason) ?? null;
    if (
      reason &&
      !['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)
    ) {
      throw invalid(
        `Invalid cancellation_reason: ${reason}`,
        { param: 'cancellation_reason' },
        400,
        false,
      );
    }
    const charge =
      typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    if (charge && intent.status === 'requires_capture') {
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
    }
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: now(),
      cancellation_reason: reason,
      next_action: null,
    });
    emit('payment_intent.canceled', intent);
    return render(intent, expandOf(params));
  });

  route('POST', /^\/v1\/refunds$/, (params) => {
    const intentId = asString(params.payment_intent);
    const chargeId = asString(params.charge);
    if (!intentId && !chargeId) throw missingParam('payment_intent');
    const intent = intentId
      ? getIntent(intentId)
      : getIntent(String(charges.get(chargeId!)?.payment_intent ?? chargeId));
    const charge =
      typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge?.captured) {
      throw invalid(
        `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`,
        { param: intentId ? 'payment_intent' : 'charge' },
      );
    }
    const remaining = (charge.amount_captured as number) - refundedOf(charge.id as string);
    if (remaining <= 0) {
      throw invalid(`Charge ${String(charge.id)} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      throw invalid(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(remaining / 100).toFixed(2)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund: Json = {
      id: randomId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: intent.currency,
      reason: asString(params.reason) ?? null,
      status: 'succeeded',
      metadata: asRecord(params.metadata),
      created: now(),
    };
    refunds.set(refund.id as string, refund);
    const refunded = refundedOf(charge.id as string);
    Object.assign(charge, {
      amount_refunded: (charge.amount as number) - (charge.amount_captured as number) + refunded,
      refunded: refunded >= (charge.amount_captured as number),
    });
    emit('refund.created', refund);
    emit('charge.refunded', charge);
    return refund;
  });
  route('GET', /^\/v1\/refunds\/([^/]+)$/, (_params, m) => {
    const refund = refunds.get(m[1]!);
    if (!refund) throw noSuch('refund', m[1]!);
    return refund;
  });

  function refundedOf(chargeId: string): number {
    let total = 0;
    for (const refund of refunds.values()) {
      if (refund.charge === chargeId && refund.status === 'succeeded')
        total += refund.amount as number;
    }
    return total;
  }

  const identity = mountIdentity({
    route,
    now,
    emit,
    randomId,
    baseUrl: () => baseUrl,
    invalid,
    missingParam,
    noSuch,
    asRecord,
    toList,
  });

  // --- webhooks -------------------------------------------------------------------------------

  function signedWebhook(event: object, secret: string, timestamp = now()) {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return {
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    };
  }

  async function sendWebhook(url: string, event: object, secret: string, timestamp?: number) {
    const { payload, headers } = signedWebhook(event, secret, timestamp);
    const response = await fetch(url, { method: 'POST', headers, body: payload });
    return { status: response.status, body: await response.text() };
  }

  // --- HTTP -----------------------------------------------------------------------------------

  function send(
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string>,
  ) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  }

  function authorised(headers: IncomingHttpHeaders): boolean {
    const match = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
    const key = match?.[1];
    if (!key) return false;
    return options.secretKey ? key === options.secretKey : /^sk_test_\w+$/.test(key);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const params =
        method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(rawBody);
      const requestId = randomId('req', 14);
      const key =
        method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const record: RecordedRequest = {
        method,
        path: url.pathname,
        headers: req.headers,
        params,
        rawBody,
        status: 0,
        replayed: false,
      };
      requests.push(record);
      const baseHeaders: Record<string, string> = { 'request-id': requestId };
      if (key) baseHeaders['idempotency-key'] = key;
      const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
        record.status = status;
        if (dropNext) {
          dropNext = false;
          res.socket?.destroy();
          return;
        }
        send(res, status, body, { ...baseHeaders, ...headers });
      };

      if (!authorised(req.headers)) {
        answer(
          401,
          JSON.stringify({
            error: {
              type: 'authentication_error',
              message: `Invalid API Key provided: ${(req.headers.authorization ?? '').replace(/^Bearer /, '').slice(0, 12)}…`,
            },
          }),
        );
        return;
      }

      const failure = failures.findIndex(
        (f) =>
          f.method === method &&
          (typeof f.path === 'string' ? f.path === url.pathname : f.path.test(url.pathname)),
      );
      if (failure !== -1) {
        const [{ status }] = failures.splice(failure, 1) as [(typeof failures)[number]];
        answer(
          status,
          JSON.stringify({ error: { type: 'api_error', message: 'Injected failure.' } }),
          { 'stripe-should-retry': 'false' },
        );
        return;
      }

      const fingerprint = JSON.stringify([method, url.pathname, params]);
      if (key && keysInProgress.has(key)) {
        answer(
          409,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `There is currently another in-progress request using this Idempotency Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            },
          }),
        );
        return;
      }
      if (key) {
        const previous = idempotency.get(key);
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            answer(
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              }),
            );
            return;
          }
          record.replayed = true;
          answer(previous.status, previous.body, { 'idempotent-replayed': 'true' });
          return;
        }
      }

      const found = routes
        .filter((r) => r.method === method)
        .map((r) => ({ r, match: r.pattern.exec(url.pathname) }))
        .find((candidate) => candidate.match);
      let status = 200;
      let body: string;
      let saved = true;
      current = { requestId, idempotencyKey: key ?? null };
      try {
        if (!found) {
          throw invalid(
            `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
            {},
            404,
            false,
          );
        }
        body = JSON.stringify(found.r.handler(params, found.match!));
      } catch (error) {
        if (!(error instanceof StripeFakeError)) throw error;
        status = error.status;
        saved = error.saved;
        body = JSON.stringify({ error: error.body });
      } finally {
        current = { requestId: '', idempotencyKey: null };
      }
      if (key && saved) idempotency.set(key, { fingerprint, status, body });
      answer(status, body);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    events,
    intents,
    charges,
    customers,
    refunds,
    paymentMethods,
    requestsTo: (method, path) =>
      requests.filter(
        (r) =>
          r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      ),
    intent: (id, expand = []) => render(getIntent(id), expand),
    completeAction(intentId, approved) {
      const intent = getIntent(intentId);
      if (intent.status !== 'requires_action')
        throw new Error(`${intentId} is ${String(intent.status)}`);
      const pm = paymentMethods.get(intent.payment_method as string)!;
      if (approved) {
        authorise(intent, pm);
      } else {
        Object.assign(intent, {
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_payment_error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            payment_method: clone(pm),
          },
        });
        emit('payment_intent.payment_failed', intent);
      }
      return render(intent, []);
    },
    advanceTime(seconds) {
      offsetSeconds += seconds;
    },
    dropNextResponse() {
      dropNext = true;
    },
    failNext(method, path, status) {
      failures.push({ method, path, status });
    },
    holdKey(key) {
      keysInProgress.add(key);
      return () => keysInProgress.delete(key);
    },
    buildEvent,
    signedWebhook,
    sendWebhook,
    ...identity,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { declineReason } from '@vroum/core/payment-declines';

/**
 * Card payment with Stripe.js and its Payment Element, when the server's payment provider is
 * Stripe (decision 013). Stripe.js is always loaded from js.stripe.com, never bundled (Stripe's
 * rule; the server's CSP allows it only when PAYMENT_PROVIDER=stripe), and only when the
 * checkout needs it, so other pages carry none of its weight.
 *
 * The Payment Element is shown before the booking exists (Stripe's "deferred intent" flow), so
 * the card is typed in the same place and at the same step as with the built-in processor:
 *   const stripe = await loadStripeJs(publishableKey);
 *   const form = mountPaymentElement(stripe, amountCents, containerElement);
 *   on submit: await submitPaymentForm(form.elements) first (Stripe requires it before any other
 *   await), then POST /api/v1/bookings, then confirmWithStripe(stripe, form.elements, secret);
 *   'requires_capture' → POST /api/v1/payments/{id}/capture, then /confirmation;
 *   'succeeded' | 'processing' → /confirmation?payment_intent={id};
 *   'error' → show result.message (French) and let the customer correct the card.
 * When the bank's 3-D Secure page needs a full redirect, Stripe comes back to
 * /confirmation?payment_intent=…&redirect_status=…, and that page settles the payment on the
 * server (GET /api/v1/payments/{id} captures an authorised rental).
 */

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

// The little of Stripe.js used here (no @stripe/stripe-js dependency).
export interface StripeJsError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}
export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (event: { complete?: boolean }) => void): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  /** Validates the form and collects what wallets need; call it first on submit. */
  submit(): Promise<{ error?: StripeJsError }>;
  update(options: { amount: number }): void;
}
/** The options of an Elements group created before its PaymentIntent (deferred intent). */
export interface DeferredElementsOptions {
  mode: 'payment';
  amount: number;
  currency: 'eur';
  captureMethod: 'manual' | 'automatic';
  setupFutureUsage?: 'off_session';
  paymentMethodTypes: string[];
  locale?: string;
  appearance?: Record<string, unknown>;
}
export interface StripeJs {
  elements(options: DeferredElementsOptions): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeJsError }>;
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let factory: Promise<StripeFactory> | null = null;
const instances = new Map<string, StripeJs>();

/** Injects the Stripe.js script once (a failed load may be retried) and resolves its factory. */
function loadScript(): Promise<StripeFactory> {
  factory ??= new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script =
      document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`) ??
      Object.assign(document.createElement('script'), { src: STRIPE_JS_URL, async: true });
    const fail = () => {
      script.remove();
      factory = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : fail()), {
      once: true,
    });
    script.addEventListener('error', fail, { once: true });
    if (!script.isConnected) document.head.append(script);
  });
  return factory;
}

/** The Stripe.js object for this publishable key (one per key, as Stripe recommends). */
export async function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  const create = await loadScript();
  let stripe = instances.get(publishableKey);
  if (!stripe) {
    stripe = create(publishableKey, { locale: 'fr' });
    instances.set(publishableKey, stripe);
  }
  return stripe;
}

export interface MountedPaymentForm {
  elements: StripeElements;
  element: StripePaymentElement;
  destroy(): void;
}

/**
 * Mounts the Payment Element in `container` before the booking exists. Its options must match
 * the rental intent the server creates (decision 013): euros, manual capture, the card kept for
 * the deposit, cards only; the amount is for display (and wallets), the server's is charged.
 */
export function mountPaymentElement(
  stripe: StripeJs,
  amountCents: number,
  container: HTMLElement,
  /** A balance is paid at once (automatic capture) and the card is not kept. */
  kind: 'rental' | 'balance' = 'rental',
): MountedPaymentForm {
  const elements = stripe.elements({
    mode: 'payment',
    amount: amountCents,
    currency: 'eur',
    captureMethod: kind === 'rental' ? 'manual' : 'automatic',
    ...(kind === 'rental' ? { setupFutureUsage: 'off_session' as const } : {}),
    paymentMethodTypes: ['card'],
    locale: 'fr',
    appearance: { theme: 'stripe', variables: { fontFamily: 'inherit', borderRadius: '8px' } },
  });
  const element = elements.create('payment', { layout: 'tabs' });
  element.mount(container);
  return { elements, element, destroy: () => element.destroy() };
}

export type StripeConfirmation =
  | {
      status: 'requires_capture' | 'succeeded' | 'processing' | 'requires_action';
      intentId: string;
    }
  | { status: 'error'; code: string; message: string };

/**
 * Checks the form (Stripe shows its own messages, in French, under the fields). Must be the
 * first thing awaited on submit; false when the customer has something to correct.
 */
export async function submitPaymentForm(elements: StripeElements): Promise<boolean> {
  const { error } = await elements.submit();
  return !error;
}

/**
 * Confirms the rental intent with what the customer typed. Stays on the page unless the bank
 * needs a redirect (3-D Secure), which comes back to /confirmation. Never trust this answer for
 * the booking itself: the server re-reads the intent from Stripe before confirming anything.
 */
export async function confirmWithStripe(
  stripe: StripeJs,
  elements: StripeElements,
  clientSecret: string,
  returnPath = '/confirmation',
): Promise<StripeConfirmation> {
  const { paymentIntent, error } = await stripe.confirmPayment({
    elements,
    clientSecret,
    confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    redirect: 'if_required',
  });
  if (error || !paymentIntent) {
    // Form mistakes are already shown by the Element, in French (locale 'fr').
    if (error?.type === 'validation_error') {
      return { status: 'error', code: 'validation_error', message: error.message ?? '' };
    }
    if (error?.type === 'card_error') return { status: 'error', ...declineReason(error) };
    // Network, a lapsed or already settled intent…: the checkout's general failure message.
    return {
      status: 'error',
      code: error?.code ?? error?.type ?? 'unexpected',
      message: 'Une erreur est survenue lors du paiement.',
    };
  }
  const status = paymentIntent.status;
  if (
    status === 'requires_capture' ||
    status === 'succeeded' ||
    status === 'processing' ||
    status === 'requires_action'
  ) {
    return { status, intentId: paymentIntent.id };
  }
  // requires_payment_method: the card was refused without an error object.
  return { status: 'error', ...declineReason({ code: 'card_declined' }) };
}

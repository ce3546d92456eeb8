import { declineReason } from '@vroum/core/payment-declines';

/**
 * Card payment with Stripe.js and its Payment Element, for a `PaymentStart` whose provider is
 * 'stripe' (decision 013). Stripe.js is always loaded from js.stripe.com, never bundled (Stripe's
 * rule; the server's CSP allows it only when PAYMENT_PROVIDER=stripe), and only when the
 * checkout needs it, so other pages carry none of its weight.
 *
 * The checkout's flow:
 *   const stripe = await loadStripeJs(payment.publishableKey);
 *   const form = mountPaymentElement(stripe, payment.clientSecret, containerElement);
 *   const result = await confirmWithStripe(stripe, form.elements);
 *   result.status 'requires_capture' → POST /api/v1/payments/{id}/capture, then /confirmation;
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
}
export interface StripeJs {
  elements(options: {
    clientSecret: string;
    locale?: string;
    appearance?: Record<string, unknown>;
  }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
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

/** Mounts the Payment Element for the rental intent in `container`; `destroy` removes it. */
export function mountPaymentElement(
  stripe: StripeJs,
  clientSecret: string,
  container: HTMLElement,
): { elements: StripeElements; element: StripePaymentElement; destroy(): void } {
  const elements = stripe.elements({
    clientSecret,
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
 * Confirms the payment with what the customer typed. Stays on the page unless the bank needs a
 * redirect (3-D Secure), which comes back to /confirmation. Never trust this answer for the
 * booking itself: the server re-reads the intent from Stripe before confirming anything.
 */
export async function confirmWithStripe(
  stripe: StripeJs,
  elements: StripeElements,
  returnPath = '/confirmation',
): Promise<StripeConfirmation> {
  const { paymentIntent, error } = await stripe.confirmPayment({
    elements,
    confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    redirect: 'if_required',
  });
  if (error || !paymentIntent) {
    // Form mistakes are already shown by the Element, in French (locale 'fr').
    if (error?.type === 'validation_error') {
      return { status: 'error', code: 'validation_error', message: error.message ?? '' };
    }
    if (error?.type === 'card_error') return { status: 'error', ...declineReason(error) };
    // Network, a lapsed or already settled intent…: the checkout's SPEC message.
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

/* global document, window */
// A stand-in for https://js.stripe.com/v3, served by the browser tests (no network here). It
// implements the part of Stripe.js the checkout uses (apps/web/src/lib/stripe-payment.ts): an
// Elements group created without an intent, a Payment Element with one card-number field, its
// submit() check, and confirmPayment(), which confirms the PaymentIntent the way Stripe.js
// does: a form-encoded POST to api.stripe.com with the publishable key and the client secret.
// The test routes api.stripe.com to the local Stripe-format server.
(() => {
  /** Stripe's documented test cards → the test PaymentMethods the local server knows. */
  const TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    4000000000000002: 'pm_card_visa_chargeDeclined',
    4000000000009995: 'pm_card_visa_chargeDeclinedInsufficientFunds',
  };

  function createElements(options) {
    const state = { options: { ...options }, input: null, error: null };
    return {
      create(type) {
        if (type !== 'payment') throw new Error(`Unsupported element: ${type}`);
        const handlers = {};
        let root = null;
        return {
          mount(target) {
            root = document.createElement('div');
            root.dataset.fakeStripe = 'payment-element';
            const label = document.createElement('label');
            label.textContent = 'Numéro de carte';
            label.style.display = 'block';
            state.input = document.createElement('input');
            state.input.inputMode = 'numeric';
            state.input.style.cssText =
              'display:block;width:100%;border:1px solid #ccc;padding:8px';
            label.append(state.input);
            state.error = document.createElement('p');
            state.error.setAttribute('role', 'alert');
            root.append(label, state.error);
            target.append(root);
            setTimeout(() => handlers.ready?.({ elementType: 'payment' }), 50);
          },
          destroy() {
            root?.remove();
          },
          on(event, handler) {
            handlers[event] = handler;
          },
        };
      },
      async submit() {
        const digits = (state.input?.value ?? '').replace(/\D/g, '');
        if (digits.length < 16) {
          const message = 'Le numéro de votre carte est incomplet.';
          state.error.textContent = message;
          return { error: { type: 'validation_error', code: 'incomplete_number', message } };
        }
        state.error.textContent = '';
        return {};
      },
      update(changes) {
        Object.assign(state.options, changes);
      },
      /** The test PaymentMethod for the number typed (not part of Stripe.js). */
      paymentMethod() {
        return TEST_CARDS[(state.input?.value ?? '').replace(/\D/g, '')] ?? 'pm_card_visa';
      },
    };
  }

  window.Stripe = (publishableKey) => ({
    elements: createElements,
    async confirmPayment({ elements, clientSecret, confirmParams }) {
      const id = clientSecret.split('_secret_')[0];
      const response = await fetch(`https://api.stripe.com/v1/payment_intents/${id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          payment_method: elements.paymentMethod(),
          return_url: confirmParams.return_url,
        }),
      });
      const body = await response.json();
      if (!response.ok) return { error: body.error };
      return { paymentIntent: { id: body.id, status: body.status } };
    },
  });
})();

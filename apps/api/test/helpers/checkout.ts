import type { SignedInUser } from './auth';
import type { TestContext } from './test-app';

/** What a payment start answers. */
export interface PaymentStartAnswer {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
}

/** The customer's checkout through the API, as the browser drives it with the sandbox card form. */
export function checkout(ctx: TestContext) {
  const headers = (user: SignedInUser) => ({
    cookie: user.cookie,
    origin: ctx.config.site.publicUrl,
  });

  const body = (
    slug: string,
    startMs: number,
    days: number,
    email: string,
    promoCode?: string,
  ) => ({
    vehicleSlug: slug,
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + days * 86_400_000).toISOString(),
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    protection: 'basic',
    options: [],
    ...(promoCode ? { promoCode } : {}),
    driver: {
      firstName: 'Camille',
      lastName: 'Martin',
      dateOfBirth: '1975-05-01',
      licenseNumber: '12AB34567',
      licenseIssueDate: '1995-06-01',
      licenseCountry: 'FR',
      email,
      phone: '+33 6 12 34 56 78',
      address: '4 place Bellecour',
      city: 'Lyon',
      postalCode: '69002',
      country: 'FR',
    },
    acceptTerms: true,
  });

  /** The payment start's request itself, under `key` (a retry sends the same key). */
  const request = (
    user: SignedInUser,
    slug: string,
    startMs: number,
    options: { days?: number; promoCode?: string; key?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { ...headers(user), 'idempotency-key': options.key ?? crypto.randomUUID() },
      payload: body(slug, startMs, options.days ?? 2, user.email, options.promoCode),
    });

  let cancels = 0;
  return {
    request,
    /** Starts the payment of a booking of `slug` from `startMs` for `days` days. */
    async start(
      user: SignedInUser,
      slug: string,
      startMs: number,
      days = 2,
      promoCode?: string,
    ): Promise<PaymentStartAnswer> {
      const answer = await request(user, slug, startMs, { days, promoCode });
      if (answer.statusCode !== 201) throw new Error(`payment start: ${answer.body}`);
      return answer.json<PaymentStartAnswer>();
    },
    /**
     * The card form's confirmation at the sandbox: an authorisation with the default card, or
     * what the test card `number` does (a 3-D Secure challenge, a decline).
     */
    confirmCard(start: PaymentStartAnswer, number = '4242424242424242') {
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/sandbox/payment-intents/${start.paymentIntentId}/confirm`,
        payload: {
          clientSecret: start.clientSecret,
          number,
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
        },
      });
    },
    /** The 3-D Secure challenge page's answer, approved or refused by the customer's bank. */
    authenticate(start: PaymentStartAnswer, approved: boolean) {
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/sandbox/payment-intents/${start.paymentIntentId}/authenticate`,
        payload: { clientSecret: start.clientSecret, approved },
      });
    },
    capture(user: SignedInUser, intentId: string) {
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payments/${intentId}/capture`,
        headers: headers(user),
      });
    },
    /** The owner's cancellation, from an address of its own (the route allows 10 a minute each). */
    cancel(user: SignedInUser, bookingId: string) {
      cancels += 1;
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${bookingId}/cancel`,
        headers: headers(user),
        remoteAddress: `10.0.${Math.floor(cancels / 250)}.${cancels % 250}`,
      });
    },
  };
}

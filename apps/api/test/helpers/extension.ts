import type { SignedInUser } from './auth';
import { payWithSandboxCard } from './sandbox-card';
import type { TestContext } from './test-app';

/** The customer's extension of a booking through the API, as the booking page drives it. */
export function extensionSteps(ctx: TestContext) {
  const headers = (cookie: string) => ({ cookie, origin: ctx.config.site.publicUrl });
  const url = (bookingId: string) => `/api/v1/bookings/${bookingId}/extension`;
  return {
    quote: (user: SignedInUser, bookingId: string, returnDate: Date) =>
      ctx.app.inject({
        url: `${url(bookingId)}?returnDate=${encodeURIComponent(returnDate.toISOString())}`,
        headers: headers(user.cookie),
      }),
    start: (user: SignedInUser, bookingId: string, returnDate: Date) =>
      ctx.app.inject({
        method: 'POST',
        url: `${url(bookingId)}/card-payment`,
        headers: headers(user.cookie),
        payload: { returnDate: returnDate.toISOString() },
      }),
    confirm: (user: SignedInUser, bookingId: string, intentId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${url(bookingId)}/card-payment/confirmation`,
        headers: headers(user.cookie),
        payload: { intentId },
      }),
    /** The card form and its 3-D Secure challenge, as the sandbox plays them. */
    payWithCard: (intentId: string, clientSecret: string) =>
      payWithSandboxCard(ctx, { intentId, clientSecret }),
    /** The booking's extension payments in the ledger. */
    async payments(bookingId: string) {
      const { rows } = await ctx.db.query<{ amount_cents: number; provider_ref: string }>(
        `select amount_cents, provider_ref from money_movements
          where booking_id = $1 and kind = 'extension_payment' order by id`,
        [bookingId],
      );
      return rows;
    },
    async returnDate(bookingId: string) {
      const { rows } = await ctx.db.query<{ return_date: Date }>(
        'select return_date from bookings where id = $1',
        [bookingId],
      );
      return rows[0]!.return_date;
    },
  };
}

import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { openCheckout, reachPayment, termsCheckbox } from '../support/checkout';
import { isoDateTime } from '../support/dates';
import {
  STRIPE_APP_URL,
  STRIPE_FAKE_URL,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
} from '../support/stripe-stack';
import { expectToast } from '../support/toast';

// The checkout with PAYMENT_PROVIDER=stripe: the app built as for production, Stripe's Payment
// Element from a stand-in for Stripe.js, and Stripe's API served by the local Stripe-format
// server. What runs for real: the app's Stripe adapter, the checkout's deferred-intent flow, the
// server-side capture and the confirmation page.
test.use({ baseURL: STRIPE_APP_URL });

const FAKE_STRIPE_JS = readFileSync(
  new URL('../support/fake-stripe-js.js', import.meta.url),
  'utf8',
);
const SLUG = 'mercedes-classe-v';
const ADDRESS = '5 place Vendôme, 75001 Paris';

/** Stripe.js and api.stripe.com, as the browser sees them, served locally. */
async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/v3', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const body = new URLSearchParams(route.request().postData() ?? '');
    // Stripe.js authenticates with the publishable key; the local server knows the secret one.
    expect(body.get('key')).toBe(STRIPE_PUBLISHABLE_KEY);
    body.delete('key');
    const response = await route.fetch({
      url: `${STRIPE_FAKE_URL}${url.pathname}`,
      headers: {
        authorization: `Bearer ${STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      postData: body.toString(),
    });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
}

function period(testInfo: TestInfo) {
  const first = testInfo.project.name === 'phone' ? 160 : 150;
  return { start: isoDateTime(first), end: isoDateTime(first + 2) };
}

test('with Stripe, the Payment Element takes the card: a refusal, then a paid booking @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await routeStripe(page);
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await openCheckout(page, {
    vehicleSlug: SLUG,
    deliveryAddress: ADDRESS,
    protection: 'none',
    ...period(testInfo),
  });

  const banner = page.getByRole('region', { name: 'Réservation sécurisée' });
  await expect(banner).toContainText('Paiement par carte sécurisé par Stripe');
  await reachPayment(page);
  const payment = page.getByRole('region', { name: 'Paiement sécurisé' });
  await expect(payment).not.toContainText('Mode démonstration');
  await expect(payment).toContainText('formulaire sécurisé de Stripe');
  const cardNumber = payment.getByLabel('Numéro de carte');
  await expect(cardNumber).toBeVisible();
  await termsCheckbox(page).check();
  const pay = page.getByRole('button', { name: 'Payer et réserver' });

  // An incomplete card: Stripe's own message, and no booking is made.
  let bookingsStarted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/bookings')) {
      bookingsStarted += 1;
    }
  });
  await cardNumber.fill('4242 4242');
  await pay.click();
  await expect(payment.getByRole('alert')).toHaveText('Le numéro de votre carte est incomplet.');
  expect(bookingsStarted).toBe(0);

  // A refused card: the bank's reason in French; the booking waits for another card.
  await cardNumber.fill('4000 0000 0000 0002');
  await pay.click();
  await expectToast(page, 'Erreur de paiement', 'Votre carte a été refusée.');
  expect(bookingsStarted).toBe(1);
  await expect(page.getByRole('button', { name: 'Confirmer le paiement' })).toBeEnabled();

  // A good card: authorised by Stripe, captured by the server, confirmed.
  await cardNumber.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirmer le paiement' }).click();
  await expect(page).toHaveURL(/\/confirmation\?payment_intent=pi_[A-Za-z0-9]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservation confirmée' }),
  ).toBeVisible();
  expect(bookingsStarted).toBe(1);

  // Stripe's side: the rental was captured, with the card kept for the deposit.
  const intentId = new URL(page.url()).searchParams.get('payment_intent')!;
  const intent = (await (
    await page.request.get(`${STRIPE_FAKE_URL}/v1/payment_intents/${intentId}`, {
      headers: { authorization: `Bearer ${STRIPE_SECRET_KEY}` },
    })
  ).json()) as { status: string; capture_method: string; setup_future_usage: string };
  expect(intent).toMatchObject({
    status: 'succeeded',
    capture_method: 'manual',
    setup_future_usage: 'off_session',
  });
});

import type { APIRequestContext, Browser, BrowserContext, ViewportSize } from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { startBooking } from '../support/bookings';
import { fillSandboxCard } from '../support/checkout';
import { completeRentalSteps, TINY_PNG } from '../support/rental-steps';
import { expectToast } from '../support/toast';

const SIGNATURE = `data:image/png;base64,${TINY_PNG.toString('base64')}`;

interface Returned {
  customer: BrowserContext;
  bookingId: string;
  reference: string;
}

/**
 * A rental paid with `card`, handed over at 12 450 km by the administrator (as the agent of both
 * missions) and brought back `drivenKm` later: the kilometres beyond the allowance are taken on
 * the deposit, then on the saved card.
 */
async function returnedRental(
  browser: Browser,
  admin: APIRequestContext,
  baseURL: string,
  viewport: ViewportSize | null,
  { card, drivenKm, slug }: { card: string; drivenKm: number; slug: string },
): Promise<Returned> {
  const headers = { origin: baseURL };
  const customer = await browser.newContext({ baseURL, viewport, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = new Date(Date.now() + 5 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const booking = await startBooking(customer.request, baseURL, {
    email: account.email,
    vehicleSlug: slug,
    day: 0,
    startIso: start.toISOString(),
    endIso: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
    protection: 'complete',
  });
  const paid = await customer.request.post(
    `/api/v1/sandbox/payment-intents/${booking.paymentIntentId}/confirm`,
    {
      headers,
      data: {
        clientSecret: booking.clientSecret,
        number: card,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    },
  );
  expect(paid.ok(), await paid.text()).toBe(true);
  const captured = await customer.request.post(
    `/api/v1/payments/${booking.paymentIntentId}/capture`,
    { headers },
  );
  expect(captured.ok(), await captured.text()).toBe(true);
  await completeRentalSteps(customer.request, admin, baseURL, account, booking.bookingId);
  for (const kind of ['delivery', 'return']) {
    const assigned = await admin.put(`/api/v1/admin/bookings/${booking.bookingId}/assignment`, {
      data: { kind, agentId: null },
    });
    expect(assigned.ok(), await assigned.text()).toBe(true);
  }
  const mission = `/api/v1/agent/missions/${booking.bookingId}`;
  await expect
    .poll(
      async () =>
        ((await (await admin.get(`${mission}/delivery`)).json()) as { depositStatus: string })
          .depositStatus,
      { timeout: 90_000 },
    )
    .toBe('held');
  const report = {
    odometerKm: 12_450,
    fuelPercent: 100,
    damages: [],
    interiorNote: '',
    keysCount: 2,
    accessories: [],
    signerName: 'Camille Lefèvre',
    signature: SIGNATURE,
  };
  const handover = await admin.post(`${mission}/handover`, {
    headers,
    data: { ...report, identityChecked: true },
  });
  expect(handover.ok(), await handover.text()).toBe(true);
  const back = await admin.post(`${mission}/return`, {
    headers,
    data: {
      ...report,
      odometerKm: 12_450 + drivenKm,
      atAgency: false,
      damageCents: 0,
      chargeNote: '',
    },
  });
  expect(back.ok(), await back.text()).toBe(true);
  return { customer, bookingId: booking.bookingId, reference: booking.reference };
}

test('a customer pays the balance their card refused, on the secure page, with a 3-D Secure challenge', async ({
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminRequest(baseURL!);
  // The saved card holds the 800 € deposit but refuses, beyond 1 000 €, a charge made without
  // the customer: what the deposit does not cover stays owed.
  const rental = await returnedRental(browser, admin, baseURL!, viewport, {
    card: '4000000000000127',
    drivenKm: 9_000,
    slug: testInfo.project.name === 'phone' ? 'toyota-yaris' : 'renault-clio-5',
  });
  const page = waitForAppOnNavigation(await rental.customer.newPage());
  await page.goto(`/reservation/${rental.bookingId}`);
  const charges = page.getByRole('region', { name: 'Frais de restitution' });
  await expect(charges).toContainText('Reste à régler');
  const owed = (await charges.getByText(/Reste à régler/).textContent())!.match(
    /[\d\s\u00a0]+,\d\d/,
  )![0];
  await charges.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('solde-du.png'), fullPage: true });

  await charges.getByRole('link', { name: 'Régler le solde' }).click();
  await expect(page.getByRole('heading', { name: 'Régler le solde', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payer / })).toContainText(owed);
  await page.screenshot({ path: testInfo.outputPath('solde-carte.png'), fullPage: true });
  await fillSandboxCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Payer / }).click();

  await expect(page.getByRole('heading', { name: 'Confirmez votre paiement' })).toBeVisible();
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { name: 'Règlement reçu, merci' })).toBeVisible();
  await expect(page.getByText('Vous ne nous devez plus rien pour cette location.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('solde-regle.png'), fullPage: true });

  await page.getByRole('link', { name: 'Voir ma réservation' }).click();
  await expect(charges).toBeVisible();
  await expect(charges).not.toContainText('Reste à régler');
  const ledger = (await (
    await admin.get(`/api/v1/admin/bookings/${rental.bookingId}/ledger`)
  ).json()) as {
    movements: { kind: string; provider: string }[];
    totals: { dueCents: number };
  };
  expect(ledger.totals.dueCents).toBe(0);
  expect(ledger.movements.filter((row) => row.kind === 'balance_payment')).toEqual([
    expect.objectContaining({ provider: 'sandbox' }),
  ]);
});

test('a customer contests the return charges with a photo, an administrator reduces them with an answer, and the customer reads it', async ({
  page,
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminRequest(baseURL!);
  const rental = await returnedRental(browser, admin, baseURL!, viewport, {
    card: '4242424242424242',
    drivenKm: 1_200,
    slug: testInfo.project.name === 'phone' ? 'mercedes-classe-c' : 'audi-a4',
  });
  const customerPage = waitForAppOnNavigation(await rental.customer.newPage());
  await customerPage.goto(`/reservation/${rental.bookingId}`);
  const charges = customerPage.getByRole('region', { name: 'Frais de restitution' });
  await charges.getByText(/Contester ces frais/).click();
  await charges
    .getByLabel('Motif de la contestation')
    .fill('J’ai roulé bien moins : le compteur a été mal relevé au retour, photo jointe.');
  await charges
    .getByLabel(/Photos \(facultatif/)
    .setInputFiles({ name: 'compteur.png', mimeType: 'image/png', buffer: TINY_PNG });
  await customerPage.screenshot({
    path: testInfo.outputPath('contestation-formulaire.png'),
    fullPage: true,
  });
  await charges.getByRole('button', { name: 'Envoyer ma contestation' }).click();
  await expectToast(customerPage, 'Contestation envoyée');
  await expect(charges).toContainText('Votre contestation : En cours d’examen');

  // The team compares both reports in the console's Réservations › Dommages and reduces the charges.
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations&vue=dommages');
  const item = page.getByRole('listitem', { name: `Contestation ${rental.reference}` });
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByRole('region', { name: 'Livraison' })).toContainText('12 450');
  await expect(item.getByRole('region', { name: 'Restitution' })).toContainText('13 650');
  await expect(item.getByRole('img', { name: 'Photo du client 1' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('contestation-console.png'), fullPage: true });
  await item.getByText('Frais réduits').click();
  await item.getByLabel(/Montant maintenu/).fill('20,00');
  await item
    .getByLabel('Réponse au client')
    .fill('Le compteur relevé est confirmé par la photo du retour ; nous réduisons le supplément.');
  await item.getByRole('button', { name: 'Enregistrer la décision' }).click();
  await expectToast(page, 'Décision enregistrée');
  await expect(item).toContainText('Frais réduits à 20,00');

  await customerPage.reload();
  await expect(charges).toContainText('Votre contestation : Décidée');
  await expect(charges).toContainText('Frais réduits : 20,00');
  await expect(charges).toContainText('Remboursé sur votre carte');
  await expect(charges).toContainText('nous réduisons le supplément');
  await customerPage.screenshot({
    path: testInfo.outputPath('contestation-reponse.png'),
    fullPage: true,
  });
});

import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { isoDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

/** The periodic jobs run every 30 s: the credit note follows the refund within a round or two. */
const DOCUMENT_TIMEOUT = 90_000;

interface Documents {
  documents: { kind: string; number: string; totalTtcCents: number }[];
}

test('an administrator refunds a rental extension’s payment from the console; the customer finds its credit note on the booking page', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'phone';
  const day = phone ? 560 : 540;
  const admin = await adminRequest(baseURL!);
  const customer = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  await admin.dispose();
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'mercedes-classe-c',
    day,
  });
  await payBooking(customer.request, baseURL!, booking);

  // The customer keeps the car a day longer and pays the extension by card (the API the
  // extension's page calls; its own journey is the rental-extension spec).
  const headers = { origin: baseURL! };
  const started = await customer.request.post(
    `/api/v1/bookings/${booking.bookingId}/extension/card-payment`,
    { headers, data: { returnDate: isoDateTime(day + 3) } },
  );
  expect(started.status(), await started.text()).toBe(200);
  const extension = (await started.json()) as {
    intentId: string;
    clientSecret: string;
    amountCents: number;
  };
  const card = await customer.request.post(
    `/api/v1/sandbox/payment-intents/${extension.intentId}/confirm`,
    {
      headers,
      data: {
        clientSecret: extension.clientSecret,
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    },
  );
  expect(card.ok()).toBe(true);
  const recorded = await customer.request.post(
    `/api/v1/bookings/${booking.bookingId}/extension/card-payment/confirmation`,
    { headers, data: { intentId: extension.intentId } },
  );
  expect((await recorded.json()).status).toBe('paid');

  // The console lists the booking's two payments with what is refundable on each.
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations');
  await page.getByLabel('Référence ou e-mail').fill(booking.reference);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const row = page.getByRole('listitem', { name: `Réservation ${booking.reference}` });
  await row.getByRole('button', { name: 'Rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rembourser la réservation' });
  const choice = dialog.getByRole('group', { name: 'Paiement à rembourser' });
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await expect(choice.getByRole('radio', { name: /^Location · / })).toBeVisible();
  const extensionChoice = choice.getByRole('radio', { name: /^Prolongation jusqu’au / });
  await extensionChoice.check();
  await expect(dialog).toContainText('remboursable sur ce paiement');
  // The amount starts at what remains on that payment: all of the extension.
  await expect(dialog.getByLabel('Montant à rembourser (€)')).toHaveValue(
    (extension.amountCents / 100).toFixed(2).replace('.', ','),
  );
  await page.screenshot({ path: testInfo.outputPath('remboursement-prolongation.png') });
  await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expectToast(page, 'Succès');

  // Opened again, the extension has nothing left to refund; the rental is untouched.
  await row.getByRole('button', { name: 'Rembourser' }).click();
  await expect(extensionChoice).toBeDisabled();
  await expect(choice.getByRole('radio', { name: /^Location · / })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // The customer's booking page: the credit note, correcting the extension's invoice.
  const mine = waitForAppOnNavigation(await customer.newPage());
  let documents: Documents['documents'] = [];
  await expect
    .poll(
      async () => {
        const answer = await customer.request.get(`/api/v1/bookings/${booking.bookingId}/invoices`);
        documents = ((await answer.json()) as Documents).documents;
        return documents.filter((doc) => doc.kind === 'credit_note').length;
      },
      { timeout: DOCUMENT_TIMEOUT, intervals: [2_000] },
    )
    .toBe(1);
  const extensionInvoice = documents.find(
    (doc) => doc.kind === 'invoice' && doc.totalTtcCents === extension.amountCents,
  )!;
  const note = documents.find((doc) => doc.kind === 'credit_note')!;
  expect(note.totalTtcCents).toBe(extension.amountCents);
  await mine.goto(`/reservation/${booking.bookingId}`);
  const invoices = mine.getByRole('region', { name: 'Factures' });
  const link = invoices.getByRole('link', { name: `Avoir ${note.number} (PDF)` });
  await expect(link).toBeVisible();
  await expect(
    invoices.getByRole('listitem').filter({ hasText: `Avoir ${note.number}` }),
  ).toContainText(`corrige la facture ${extensionInvoice.number}`);
  await mine.screenshot({ path: testInfo.outputPath('avoir-prolongation.png'), fullPage: true });
  await customer.close();
});

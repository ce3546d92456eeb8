import { readFile } from 'node:fs/promises';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { fillSandboxCard, openCheckout, reachPayment, termsCheckbox } from '../support/checkout';
import { isoDateTime } from '../support/dates';

/** The periodic jobs run every 30 s: the invoice follows the payment within a round or two. */
const INVOICE_TIMEOUT = 90_000;

test('a customer pays, downloads the invoice from the booking page and finds it in the profile; the console lists it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'phone';
  const first = phone ? 640 : 600;
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await admin.dispose();

  await openCheckout(page, {
    vehicleSlug: 'bmw-serie-3',
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(first),
    end: isoDateTime(first + 2),
  });
  await reachPayment(page);
  await termsCheckbox(page).check();
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Payer et réserver' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservation confirmée' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Voir ma réservation' }).click();
  await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);

  // The invoice is issued by the server shortly after the payment; the page shows it then.
  const invoices = page.getByRole('region', { name: 'Factures' });
  await expect(invoices).toBeVisible();
  const link = invoices.getByRole('link', { name: /^Facture F-\d{4}-\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible({ timeout: INVOICE_TIMEOUT });
  const number = (await link.textContent())!.match(/F-\d{4}-\d{6}/)![0];
  await expect(invoices).toContainText(/TTC/);
  await expectNoAxeViolations(page, 'a booking’s invoices');

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`facture-${number}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/profil?tab=reservations');
  const mine = page.getByRole('region', { name: 'Factures et avoirs' });
  await expect(mine.getByRole('link', { name: `Facture ${number} (PDF)` })).toBeVisible();

  // The team finds it in the console's bookings, by its number, and downloads it too.
  const teamContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const team = waitForAppOnNavigation(await teamContext.newPage());
  await signInAsAdmin(team, baseURL!);
  await team.goto('/admin?tab=reservations');
  await team.getByText('Factures, avoirs et exports comptables').click();
  const filters = team.getByRole('form', { name: 'Factures, avoirs et exports comptables' });
  await filters.getByLabel('Numéro').fill(number);
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  const listed = team.getByRole('list', { name: 'Factures et avoirs' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Camille Lefèvre');
  await expect(listed.getByRole('link', { name: number })).toHaveAttribute(
    'href',
    /^\/api\/v1\/admin\/invoices\/[0-9a-f-]{36}\/pdf$/,
  );
  await expect(
    team.getByRole('link', { name: 'Fichier des écritures comptables (FEC)' }),
  ).toBeVisible();
  await teamContext.close();
});

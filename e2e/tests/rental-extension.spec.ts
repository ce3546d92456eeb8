import { expect, test, waitForAppOnNavigation } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  latestCode,
  signInAsAdmin,
} from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { fillSandboxCard } from '../support/checkout';
import { completeRentalSteps } from '../support/rental-steps';
import { expectToast } from '../support/toast';

const DAY = 86_400_000;

/** A day as the planning writes it in Paris: « samedi 5 décembre » (« 1er » for the first). */
const planningDay = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Paris',
  })
    .format(date)
    .replace(/ 1 /, ' 1er ');

test('a customer extends their rental from the booking page, pays with 3-D Secure and signs the amendment; the team sees the return moved', async ({
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.slow();
  const admin = await adminRequest(baseURL!);
  const customer = await browser.newContext({ baseURL, viewport, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  // A car no other journey books, one per width: the two widths run side by side.
  const slug = testInfo.project.name === 'phone' ? 'mclaren-720s' : 'ferrari-f8-spider';
  const start = new Date(Date.now() + 5 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const booked = new Date(start.getTime() + DAY);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: slug,
    day: 0,
    startIso: start.toISOString(),
    endIso: booked.toISOString(),
    protection: 'complete',
  });
  await payBooking(customer.request, baseURL!, booking);
  await completeRentalSteps(customer.request, admin, baseURL!, account, booking.bookingId);

  // From the booking page to the extension's form.
  const page = waitForAppOnNavigation(await customer.newPage());
  await page.goto(`/reservation/${booking.bookingId}`);
  const offer = page.getByRole('region', { name: 'Besoin du véhicule plus longtemps ?' });
  await offer.getByRole('link', { name: 'Prolonger ma location' }).click();
  await expect(
    page.getByRole('heading', { name: 'Prolonger ma location', level: 1 }),
  ).toBeVisible();

  await page.getByRole('button', { name: '2 jours de plus' }).click();
  const price = page.getByRole('region', { name: 'Prix de la prolongation' });
  await expect(price).toContainText('× 2\u00a0jours');
  await expect(price).toContainText('Total de la prolongation TTC');
  await page.screenshot({
    path: testInfo.outputPath('prolongation-formulaire.png'),
    fullPage: true,
  });

  // The card, its 3-D Secure challenge, the extension recorded.
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  const total = (await price
    .getByText(/Total de la prolongation/)
    .locator('..')
    .textContent())!;
  await fillSandboxCard(page, '4000 0027 6000 3184');
  const pay = page.getByRole('button', { name: /^Payer / });
  await expect(pay).toContainText(total.match(/[\d\s\u00a0]+,\d\d/)![0].trim());
  await page.screenshot({ path: testInfo.outputPath('prolongation-carte.png'), fullPage: true });
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Confirmez votre paiement' })).toBeVisible();
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { name: 'Location prolongée' })).toBeVisible();
  const newReturn = new Date(booked.getTime() + 2 * DAY);
  await expect(page.getByRole('status')).toContainText(planningDay(newReturn).split(' ')[1]!);

  // The amendment: the contract's new version, signed with the e-mailed code.
  await page.getByRole('link', { name: 'Signer l’avenant' }).click();
  await expect(page.getByRole('heading', { name: 'Contrat de location' })).toBeVisible();
  await expect(page.getByText('Version 2')).toBeVisible();
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte le contrat/ }).check();
  await page.getByRole('button', { name: 'Recevoir le code par e-mail' }).click();
  await expectToast(page, 'Code envoyé');
  await page
    .getByLabel('Code reçu par e-mail')
    .fill(await latestCode(admin, account.email, 'contract-code'));
  await page.getByRole('radio', { name: 'Saisir' }).check();
  await page.getByLabel('Nom et prénom').fill('Camille Lefèvre');
  await page.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(page.locator('#contenu').getByText(/^Contrat signé le /)).toBeVisible();

  const detail = (await (
    await customer.request.get(`/api/v1/bookings/${booking.bookingId}`)
  ).json()) as {
    returnDate: string;
  };
  expect(detail.returnDate).toBe(newReturn.toISOString());

  // The team: the return on the planning, on its new day.
  const office = waitForAppOnNavigation(await browser.newPage({ baseURL, viewport }));
  await signInAsAdmin(office, baseURL!);
  await office.goto('/admin?tab=reservations');
  await office.getByRole('button', { name: 'Planning' }).click();
  const returnRow = office.getByRole('listitem', { name: `Retour ${booking.reference}` });
  // Under the day its window opens: a return at midnight is awaited from 23:30 the day before.
  await expect(returnRow).toContainText(planningDay(new Date(newReturn.getTime() - 30 * 60_000)));
  await returnRow.scrollIntoViewIfNeeded();
  await office.screenshot({ path: testInfo.outputPath('prolongation-planning.png') });
  await office.close();
  await customer.close();
});

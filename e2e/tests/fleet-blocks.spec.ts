import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { payBooking, startBooking } from '../support/bookings';
import { isoDateTime, localDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

const vehiclePage = (slug: string, startDays: number, endDays: number) =>
  `/vehicule/${slug}?${new URLSearchParams({
    address: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(startDays),
    end: isoDateTime(endDays),
    deliveryFee: '0',
  }).toString()}`;

/** The console's block form, filled: the car (when asked), the kind, the dates, the reason. */
async function fillBlockForm(
  desk: Page,
  block: { vehicle?: string; kind: string; from: number; to: number; reason: string },
) {
  const form = desk.getByRole('form', { name: 'Immobilisation' });
  if (block.vehicle) {
    await form.getByRole('combobox', { name: /Véhicule/ }).selectOption({ label: block.vehicle });
  }
  await form.getByRole('combobox', { name: /Type/ }).selectOption({ label: block.kind });
  await form.getByLabel(/Début/).fill(localDateTime(block.from));
  await form.getByLabel(/Fin/).fill(localDateTime(block.to));
  await form.getByLabel(/Motif/).fill(block.reason);
  return form;
}

test('an administrator blocks a car in the console: a visitor sees those dates unavailable on the vehicle page and cannot book them, until the block is lifted', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const [slug, name] = phone
    ? ['range-rover-sport', 'Range Rover Sport']
    : ['mercedes-classe-v', 'Mercedes Classe V'];
  const admin = await adminRequest(baseURL!);

  // A paid booking of the car from day 80 to 82, which a block over it must name.
  const customer = await browser.newContext({ baseURL: baseURL!, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: slug,
    day: 80,
    days: 2,
  });
  await payBooking(customer.request, baseURL!, booking);

  // The console, on a desktop screen: the Réservations tab's Immobilisations.
  const team = await browser.newContext({
    baseURL: baseURL!,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
  });
  const desk = await team.newPage();
  await signInAsAdmin(desk, baseURL!);
  await desk.goto('/admin?tab=reservations');
  await desk.getByRole('button', { name: 'Immobilisations' }).click();
  await expect(desk.getByText('Aucun véhicule immobilisé')).toBeVisible();

  await desk.getByRole('button', { name: 'Immobiliser un véhicule' }).click();
  let form = await fillBlockForm(desk, {
    vehicle: name,
    kind: 'Entretien',
    from: 79,
    to: 83,
    reason: 'Révision des 30 000 km',
  });
  await form.getByRole('button', { name: 'Immobiliser' }).click();
  const refusal = form.getByRole('alert');
  await expect(refusal).toContainText('Ce véhicule est réservé sur cette période');
  await expect(refusal).toContainText(booking.reference);
  await expectNoAxeViolations(desk, 'admin, fleet block refused over a booking');

  form = await fillBlockForm(desk, {
    kind: 'Entretien',
    from: 70,
    to: 73,
    reason: 'Révision des 30 000 km',
  });
  await form.getByRole('button', { name: 'Immobiliser' }).click();
  await expectToast(desk, 'Succès', 'Véhicule immobilisé');
  const row = desk.getByRole('listitem', { name: new RegExp(`^${name}, du `) });
  await expect(row).toContainText('Entretien');
  await expect(row).toContainText('Révision des 30 000 km');

  // A visitor, at the page's width: the dates are unavailable, and nothing says why.
  await page.goto(vehiclePage(slug, 71, 72));
  await expect(page.getByRole('status')).toHaveText('Non disponible pour ces dates');
  await expect(page.getByRole('alert')).toContainText(
    "Ce véhicule n'est pas disponible pour les dates sélectionnées.",
  );
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeDisabled();
  await expect(page.getByRole('main')).not.toContainText('Révision');
  const quote = await page.request.post('/api/v1/quotes', {
    headers: { origin: baseURL! },
    data: {
      vehicleSlug: slug,
      start: isoDateTime(71),
      end: isoDateTime(72),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    },
  });
  expect(quote.status()).toBe(409);
  expect(((await quote.json()) as { error: { message: string } }).error.message).toMatch(
    /^Véhicule non disponible/,
  );
  await page.goto(vehiclePage(slug, 74, 76));
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');

  // The team moves the block by a day, then lifts it: the car is offered again.
  await row.getByRole('button', { name: /^Modifier/ }).click();
  form = await fillBlockForm(desk, {
    kind: 'Réparation',
    from: 70,
    to: 72,
    reason: 'Pare-brise à changer',
  });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(desk, 'Succès', 'Immobilisation modifiée');
  await expect(row).toContainText('Pare-brise à changer');

  desk.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Lever/ }).click();
  await expectToast(desk, 'Succès', 'Immobilisation levée');
  await expect(row).toHaveCount(0);

  await page.goto(vehiclePage(slug, 71, 72));
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeEnabled();
  await team.close();
  await customer.close();
});

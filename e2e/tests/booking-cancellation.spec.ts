import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

test('the customer cancels a paid booking for free, sees the refund before confirming, and the car is free again', async ({
  page,
  baseURL,
}, testInfo) => {
  const day = testInfo.project.name === 'phone' ? 330 : 310;
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const start = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'mercedes-classe-c',
    day,
  });
  await payBooking(page.request, baseURL!, start);

  await page.goto(`/reservation/${start.bookingId}`);
  const section = page.getByRole('region', { name: 'Annulation' });
  await expect(section).toContainText('Annulation gratuite jusqu’à 48 h avant le début');
  await expect(section).toContainText(/Annulation gratuite jusqu’au /);
  await section.getByRole('button', { name: 'Annuler la réservation' }).click();

  const dialog = page.getByRole('dialog', { name: 'Annuler la réservation ?' });
  await expect(dialog).toContainText(/Frais d’annulation\s*0,00\s€/);
  const paid = await dialog.getByText('Montant payé').locator('xpath=..').textContent();
  const refunded = await dialog
    .getByText('Remboursé sur votre carte')
    .locator('xpath=..')
    .textContent();
  expect(refunded?.replace('Remboursé sur votre carte', '')).toBe(
    paid?.replace('Montant payé', ''),
  );
  await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
  await expectToast(page, 'Réservation annulée');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Annulée').first()).toBeVisible();
  await expect(section).toBeHidden();

  const availability = await page.request.get(
    `/api/v1/vehicles/mercedes-classe-c/availability?start=${encodeURIComponent(
      new Date(Date.now() + day * 86_400_000).toISOString(),
    )}&end=${encodeURIComponent(new Date(Date.now() + (day + 1) * 86_400_000).toISOString())}`,
  );
  expect(await availability.json()).toEqual({ available: true });
});

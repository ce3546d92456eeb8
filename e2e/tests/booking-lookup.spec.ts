import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

test('a booking is found with its reference and e-mail, and its detail shows every card', async ({
  page,
  baseURL,
}, testInfo) => {
  // Each viewport project books its own period: they share one database.
  const day = testInfo.project.name === 'phone' ? 140 : 120;
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const { reference } = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'mercedes-classe-c',
    day,
    days: 3,
    protection: 'basic',
    options: ['snow_chains'],
    specialRequests: 'Livraison au concierge',
  });
  await page.context().clearCookies();

  await page.goto('/gerer-reservation');
  await expect(page.getByRole('heading', { name: 'Gérez votre réservation' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Rechercher une réservation' });
  await form.getByLabel('Numéro de réservation').fill('pas-un-numero');
  await form.getByLabel('Adresse e-mail').fill('pas-un-email');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form).toContainText('Numéro de réservation invalide');
  await expect(form).toContainText('Adresse e-mail invalide');

  await form.getByLabel('Numéro de réservation').fill(reference);
  await form.getByLabel('Adresse e-mail').fill('autre@example.fr');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Réservation introuvable',
    'Aucune réservation ne correspond à ce numéro.',
  );

  await form.getByLabel('Adresse e-mail').fill(account.email);
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Véhicule' })).toContainText('Mercedes Classe C');
  const dates = page.getByRole('region', { name: 'Dates et Lieux' });
  await expect(dates).toContainText('3 jours');
  await expect(dates).toContainText('10 rue de Rivoli, 75001 Paris');
  const prices = page.getByRole('region', { name: 'Détails du prix' });
  await expect(prices).toContainText('Prix de base');
  await expect(prices).toContainText(/285,00\s€/);
  await expect(prices).toContainText('Caution');
  await expect(prices).not.toContainText('Frais de livraison');
  await expect(page.getByRole('region', { name: 'Demandes spéciales' })).toContainText(
    'Livraison au concierge',
  );

  // Reloading keeps the detail (loaded by id, the look-up grant still valid).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Dates et Lieux' })).toContainText('Rivoli');
});

test('an unknown booking id sends the visitor back to the look-up with a toast @any-width', async ({
  page,
}) => {
  await page.goto('/reservation/00000000-0000-4000-8000-000000000000');
  await expectToast(page, 'Réservation introuvable');
  await expect(page).toHaveURL(/\/gerer-reservation$/);
});

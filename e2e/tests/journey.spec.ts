import { expect, request, test, waitForApp, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { fillDriver, fillSandboxCard, termsCheckbox } from '../support/checkout';
import { localDateTime } from '../support/dates';

/**
 * The whole customer journey in one go, as a visitor who is not signed in yet: the home booking
 * module, the fleet, the vehicle, protection and options, sign-in when checkout asks for it, the
 * sandbox card, the confirmation, then the booking found again through /gerer-reservation from
 * another browser.
 */
test('from the home module to a paid booking, then found through the booking look-up', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  // Both viewport projects share one database: each books its own days.
  const first = testInfo.project.name === 'phone' ? 262 : 250;

  // The account exists, but this browser is not signed in.
  const admin = await adminRequest(baseURL!);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const account = await createVerifiedAccount(api, admin);
  await api.dispose();

  // Home: the three steps of the booking module.
  await page.goto('/');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  const pickup = module.getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('Neuilly-sur-Seine');
  const suggestions = page.getByRole('listbox', { name: /Adresse de livraison/ });
  await suggestions.getByRole('option').first().click();
  await expect(pickup).toHaveValue(/Neuilly-sur-Seine/);
  await expect(module).toContainText('Frais de livraison : Gratuit');
  await module.getByLabel('Date et heure de départ').fill(localDateTime(first, 10));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module.getByRole('combobox', { name: 'Adresse de retour' })).toHaveValue(
    /Neuilly-sur-Seine/,
  );
  await module.getByLabel('Date et heure de retour').fill(localDateTime(first + 3, 10));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await module.getByText('Luxe', { exact: true }).click();
  await module.getByRole('button', { name: 'Voir les véhicules' }).click();

  // Fleet: the Luxe tab, with the period; the Panamera is free.
  await expect(page).toHaveURL(/\/flotte\?.*category=luxe/);
  await expect(page.getByRole('tab', { name: 'Luxe', selected: true })).toBeVisible();
  // The home module led to a page of the server's: once the app has it, the list is checked
  // against the period and drawn again, and a click in between would land on the old card.
  await waitForApp(page);
  await expect(page.getByRole('status').filter({ hasText: /\d+ véhicules?$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Porsche Panamera' }).first().click();

  // Vehicle: the dates and address came along; the car is free for them.
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Disponible' })).toHaveText(
    'Disponible pour ces dates',
  );
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();

  // Protection and options.
  await expect(page).toHaveURL(/\/protection$/);
  await page.getByRole('radio', { name: 'Protection Intermédiaire' }).check();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page).toHaveURL(/\/options$/);
  await page.getByRole('switch', { name: 'Conducteur additionnel' }).click();
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

  // Checkout asks for sign-in, then comes back with the rental.
  await expect(page).toHaveURL(/\/auth$/);
  const signIn = page.getByRole('form', { name: 'Connexion' });
  await signIn.getByLabel('Adresse e-mail').fill(account.email);
  await signIn.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await signIn.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const recap = page.getByRole('region', { name: 'Votre réservation' });
  await expect(recap).toContainText('Porsche Panamera');
  await expect(recap).toContainText('Neuilly-sur-Seine');

  // Step 1: the driver.
  await fillDriver(page, { Ville: 'Neuilly-sur-Seine', 'Code postal': '92200' });
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  // Step 2: the server's summary, with the options chosen on the way.
  const summary = page.getByRole('region', { name: 'Récapitulatif de la réservation' });
  await expect(summary).toContainText('Protection Intermédiaire');
  await expect(summary).toContainText('Conducteur additionnel');
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  // Step 3: the demonstration card, the terms, payment.
  await fillSandboxCard(page, '4242 4242 4242 4242');
  await termsCheckbox(page).check();
  await page.getByRole('button', { name: 'Payer et réserver' }).click();

  // Confirmation: paid, with the short reference and the way to the booking.
  await expect(page).toHaveURL(/\/confirmation\?payment_intent=pi_sbx_[0-9a-f]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservation confirmée' }),
  ).toBeVisible();
  const href = await page.getByRole('link', { name: 'Voir ma réservation' }).getAttribute('href');
  const bookingId = href?.match(/^\/reservation\/([0-9a-f-]{36})$/)?.[1];
  expect(bookingId).toBeTruthy();
  const reference = bookingId!.slice(0, 8).toUpperCase();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();

  // Another browser, signed out: the look-up by booking number and e-mail finds it.
  const visitor = await page.context().browser()!.newContext({
    baseURL,
    viewport: page.viewportSize(),
  });
  const lookup = waitForAppOnNavigation(await visitor.newPage());
  await lookup.goto('/gerer-reservation');
  const form = lookup.getByRole('form', { name: 'Rechercher une réservation' });
  await form.getByLabel('Numéro de réservation').fill(bookingId!);
  await form.getByLabel('Adresse e-mail').fill(account.email);
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(lookup).toHaveURL(new RegExp(`/reservation/${bookingId}$`));
  await expect(lookup.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  await expect(lookup.getByText('Confirmée', { exact: true })).toBeVisible();
  await expect(lookup.getByRole('region', { name: 'Véhicule' })).toContainText('Porsche Panamera');
  const dates = lookup.getByRole('region', { name: 'Dates et Lieux' });
  await expect(dates).toContainText('3 jours');
  await expect(dates).toContainText('Neuilly-sur-Seine');
  await expect(lookup.getByRole('region', { name: 'Détails du prix' })).toContainText('Caution');
  await visitor.close();
});

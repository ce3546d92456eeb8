import { expect, openBeforeTheApp, test } from '../support/test';
import { localDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

test('the home booking module checks each step, suggests addresses and leads to the fleet', async ({
  page,
}) => {
  await page.goto('/#reserver');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  await expect(module).toContainText('Étape 1 sur 3');

  await module.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Informations manquantes',
    "Veuillez renseigner l'adresse et la date de départ",
  );

  const pickup = module.getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('Ve');
  await page.waitForTimeout(700);
  await expect(page.getByRole('listbox')).toBeHidden();
  await pickup.fill('Versailles');
  const suggestions = page.getByRole('listbox', { name: /Adresse de livraison/ });
  await expect(suggestions).toBeVisible();
  const count = await suggestions.getByRole('option').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(5);
  await pickup.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await pickup.press('Enter');
  await expect(pickup).toHaveValue(/Versailles/);
  await expect(module).toContainText('Frais de livraison : Gratuit');

  await module.getByLabel('Date et heure de départ').fill(localDateTime(30));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module).toContainText('Étape 2 sur 3');

  const returnAddress = module.getByRole('combobox', { name: 'Adresse de retour' });
  await expect(returnAddress).toHaveValue(/Versailles/);
  await returnAddress.fill('');
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Informations manquantes',
    "Veuillez renseigner l'adresse et la date de retour",
  );
  await returnAddress.fill('Paris');
  await module.getByLabel('Date et heure de retour').fill(localDateTime(33));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module).toContainText('Étape 3 sur 3');

  await module.getByRole('button', { name: 'Voir les véhicules' }).click();
  await expectToast(
    page,
    'Catégorie non sélectionnée',
    'Veuillez choisir une catégorie de véhicule',
  );

  await module.getByRole('button', { name: 'Retour' }).click();
  await expect(module).toContainText('Étape 2 sur 3');
  await expect(module.getByLabel('Date et heure de retour')).toHaveValue(localDateTime(33));
  await module.getByRole('button', { name: 'Suivant' }).click();

  for (const label of ['Luxe', 'SUV', 'Berline', 'Électrique', 'Économie']) {
    await expect(module.getByRole('radio', { name: label })).toBeAttached();
  }
  await module.getByText('SUV', { exact: true }).click();
  await module.getByRole('button', { name: 'Voir les véhicules' }).click();

  await expect(page).toHaveURL(/\/flotte\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('category')).toBe('suv');
  expect(url.searchParams.get('pickupAddress')).toMatch(/Versailles/);
  expect(url.searchParams.get('returnAddress')).toBe('Paris');
  expect(new Date(url.searchParams.get('startDate') ?? '').getTime()).toBe(
    new Date(localDateTime(30)).getTime(),
  );
  expect(new Date(url.searchParams.get('endDate') ?? '').getTime()).toBe(
    new Date(localDateTime(33)).getTime(),
  );
  expect(url.searchParams.get('deliveryFee')).toBe('0');
});

test('a delivery outside Île-de-France shows its fee @any-width', async ({ page }) => {
  await page.goto('/');
  const pickup = page.getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('Lyon');
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page.getByRole('form', { name: 'Réservez votre véhicule' })).toContainText(
    /Frais de livraison\s: [\d\s\u202f]+,00\s€/,
  );
});

test('an address typed before the page responds is kept once it does @any-width', async ({
  page,
  baseURL,
}) => {
  // The page arrives rendered by the server; its script is held back until the address is typed.
  const letAppIn = await openBeforeTheApp(page, new URL('/', baseURL).toString());
  const pickup = page
    .getByRole('form', { name: 'Réservez votre véhicule' })
    .getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('Versailles');
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();

  await letAppIn();
  await expect(pickup).toHaveValue('Versailles');
  await pickup.press('End');
  await pickup.pressSequentially(' ');
  await expect(page.getByRole('listbox', { name: /Adresse de livraison/ })).toBeVisible();
});

test('a start in the past and an end before the start are refused in the module, under their field @any-width', async ({
  page,
}) => {
  await page.goto('/#reserver');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  const pickup = module.getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('Versailles');
  await page
    .getByRole('listbox', { name: /Adresse de livraison/ })
    .getByRole('option')
    .first()
    .click();

  const start = module.getByLabel('Date et heure de départ');
  await start.fill(localDateTime(-2));
  await expect(start).toHaveAccessibleDescription(
    /La date de début ne peut pas être dans le passé\./,
  );
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Date de départ passée',
    'La date de début ne peut pas être dans le passé.',
  );
  await expect(module).toContainText('Étape 1 sur 3');

  await start.fill(localDateTime(20));
  await expect(start).not.toHaveAccessibleDescription(/passé/);
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module).toContainText('Étape 2 sur 3');

  const end = module.getByLabel('Date et heure de retour');
  await end.fill(localDateTime(18));
  await expect(end).toHaveAccessibleDescription(
    /La date de fin doit être postérieure à la date de début\./,
  );
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expectToast(
    page,
    'Dates incohérentes',
    'La date de fin doit être postérieure à la date de début.',
  );
  await expect(module).toContainText('Étape 2 sur 3');

  await end.fill(localDateTime(22));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module).toContainText('Étape 3 sur 3');
});

test('a street without its town finds nothing and says to add the town or postcode @any-width', async ({
  page,
}) => {
  await page.goto('/#reserver');
  const pickup = page
    .getByRole('form', { name: 'Réservez votre véhicule' })
    .getByRole('combobox', { name: 'Adresse de livraison' });
  await pickup.fill('12 rue de Rivoli');
  await expect(pickup).toHaveAccessibleDescription(
    'Aucune adresse trouvée pour « 12 rue de Rivoli ». Ajoutez la ville ou le code postal, par exemple « 12 rue de Rivoli, Paris ».',
  );
  await pickup.fill('12 rue de Rivoli, Paris');
  const suggestions = page.getByRole('listbox', { name: /Adresse de livraison/ });
  await expect(suggestions.getByRole('option').first()).toContainText('Rivoli');
  await expect(pickup).not.toHaveAccessibleDescription(/Aucune adresse/);
});

test.describe('from a browser set to another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the time chosen is the time in France, where the car is delivered @any-width', async ({
    page,
  }) => {
    await page.goto('/#reserver');
    const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
    const start = module.getByLabel('Date et heure de départ');
    await start.fill(localDateTime(30, 10));
    await expect(start).toHaveAccessibleDescription(/ à 10:00$/);
    await start.fill(localDateTime(31, 18));
    await expect(start).toHaveAccessibleDescription(/ à 18:00$/);
    await expect(start).toHaveValue(localDateTime(31, 18));
  });
});

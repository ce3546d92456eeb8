import { expect, test } from '../support/test';
import { isoDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

const context = (startDays: number, endDays: number) =>
  new URLSearchParams({
    address: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(startDays),
    end: isoDateTime(endDays),
    deliveryFee: '0',
  }).toString();

test('shows the vehicle, its characteristics and a live price for the chosen dates', async ({
  page,
}) => {
  await page.goto(`/vehicule/porsche-panamera?${context(40, 43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Porsche Panamera' })).toBeVisible();
  await expect(page.getByText('Luxe', { exact: true }).first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('249,00');
  await expect(main).toContainText('3 500,00');
  const characteristics = page.getByRole('region', { name: 'Caractéristiques' });
  await expect(characteristics).toContainText('Automatique');
  await expect(characteristics).toContainText('Places');

  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  const summary = page.getByRole('region', { name: 'Récapitulatif du prix' });
  await expect(summary).toContainText('× 3 jours');
  await expect(summary).toContainText(/747,00\s€/);

  await page.getByLabel('Avec chauffeur').check();
  await expect(summary).toContainText('Chauffeur : 72 h × 40,00 €');
  await page.getByLabel('Kilométrage illimité').check();
  await expect(summary).toContainText(/Total TTC\s*3\s?777,00\s€/);
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeEnabled();
});

test('a supercar shows its conditions and kilometre limit, without unlimited km @any-width', async ({
  page,
}) => {
  await page.goto('/vehicule/lamborghini-urus');
  await expect(page.getByRole('heading', { name: 'Conditions Super Cars' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('150 km / jour');
  await expect(page.getByLabel('Kilométrage illimité')).toHaveCount(0);
});

test('asks for the address and dates before booking @any-width', async ({ page }) => {
  await page.goto('/vehicule/audi-a4');
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expectToast(
    page,
    'Informations manquantes',
    "Veuillez renseigner l'adresse de livraison et les dates de location.",
  );
});

test('an unavailable period disables booking and shows the inline alert @any-width', async ({
  page,
}) => {
  await page.route('**/api/v1/vehicles/audi-a4/availability**', (route) =>
    route.fulfill({ json: { available: false } }),
  );
  await page.goto(`/vehicule/audi-a4?${context(50, 52)}`);
  await expect(page.getByRole('alert')).toContainText(
    "Ce véhicule n'est pas disponible pour les dates sélectionnées. Veuillez choisir d'autres dates.",
  );
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeDisabled();
});

test('an availability check that fails counts as unavailable @any-width', async ({ page }) => {
  await page.route('**/api/v1/vehicles/audi-a4/availability**', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'x', message: 'x' } } }),
  );
  await page.goto(`/vehicule/audi-a4?${context(50, 52)}`);
  await expect(page.getByRole('status')).toHaveText('Non disponible pour ces dates');
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeDisabled();
});

test('Réserver maintenant saves the draft and moves on to the protection step', async ({
  page,
}) => {
  await page.goto(`/vehicule/bmw-serie-3?${context(60, 62)}`);
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(/\/vehicule\/bmw-serie-3\/protection$/);
  const draft = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('bookingData') ?? 'null'),
  );
  expect(draft).toMatchObject({
    vehicleSlug: 'bmw-serie-3',
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    withDriver: false,
  });
});

test('collecting the car at another address adds its own priced line, carried to the next steps @any-width', async ({
  page,
}) => {
  await page.goto(`/vehicule/audi-a4?${context(64, 66)}`);
  const summary = page.getByRole('region', { name: 'Récapitulatif du prix' });
  await expect(summary).not.toContainText('Restitution');
  await page.getByLabel('Restitution à une autre adresse').check();
  const collection = page.getByRole('combobox', { name: 'Adresse de restitution' });
  await collection.fill('Lyon');
  const suggestions = page.getByRole('listbox', { name: /Adresse de restitution/ });
  await suggestions.getByRole('option').first().click();
  await expect(collection).toHaveValue(/Lyon/);
  const line = summary.getByText('Restitution à une autre adresse').locator('..');
  await expect(line).toContainText(/280,00\s€/);

  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(/\/vehicule\/audi-a4\/protection$/);
  await expect(page.getByRole('main')).toContainText(/Restitution à une autre adresse\s*280,00\s€/);
  const draft = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('bookingData') ?? 'null'),
  );
  expect(draft).toMatchObject({
    returnAddress: expect.stringMatching(/Lyon/),
    returnFeeCents: 28_000,
  });
});

test('a return address chosen on the home page arrives ticked on the vehicle page @any-width', async ({
  page,
}) => {
  await page.goto(`/vehicule/audi-a4?${context(64, 66)}&returnAddress=Lyon`);
  await expect(page.getByLabel('Restitution à une autre adresse')).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Adresse de restitution' })).toHaveValue('Lyon');
  await expect(
    page
      .getByRole('region', { name: 'Récapitulatif du prix' })
      .getByText('Restitution à une autre adresse')
      .locator('..'),
  ).toContainText(/280,00\s€/);
});

test('coming back to the car, its page opened afresh keeps the chauffeur and unlimited km @any-width', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const url = `/vehicule/bmw-serie-3?${context(64, 66)}`;
  await page.goto(url);
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  await page.getByLabel('Avec chauffeur').check();
  await page.getByLabel('Kilométrage illimité').check();
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(/\/protection$/);

  // The page arrives rendered by the server, which cannot read the tab's draft: the choices
  // come back once the page runs, without React having to paint the page again.
  await page.goto(url);
  await expect(page.getByLabel('Avec chauffeur')).toBeChecked();
  await expect(page.getByLabel('Kilométrage illimité')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Récapitulatif du prix' })).toContainText(
    'Chauffeur : 48 h × 40,00 €',
  );
  expect(warnings.filter((text) => text.includes('rendered again'))).toEqual([]);
});

test('an unknown vehicle shows « Véhicule non trouvé » with a way back to the fleet @any-width', async ({
  page,
}) => {
  await page.goto('/vehicule/batmobile');
  await expect(page.getByRole('heading', { name: 'Véhicule non trouvé' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à la flotte' }).click();
  await expect(page).toHaveURL(/\/flotte$/);
});

test('a vehicle that cannot be loaded gives the SPEC toast @any-width', async ({ page }) => {
  // Opened from its address, the page arrives rendered with its vehicle: the failure is that of
  // a vehicle opened from the fleet.
  await page.goto('/flotte?category=premium');
  await page.route('**/api/v1/vehicles/audi-a4', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'x' } } }),
  );
  await page.getByRole('link', { name: 'Audi A4' }).click();
  await expectToast(page, 'Erreur', 'Impossible de charger les informations du véhicule');
  await expect(page.getByLabel('Chargement du véhicule')).toBeVisible();
});

test('on a phone a bar at the bottom keeps the total and books; on a large screen there is none', async ({
  page,
  viewport,
}) => {
  await page.goto(`/vehicule/porsche-panamera?${context(50, 53)}`);
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  const bar = page.getByRole('region', { name: 'Réserver ce véhicule' });
  if ((viewport?.width ?? 1440) >= 1024) {
    await expect(bar).toBeHidden();
    return;
  }
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('Total pour 3 jours');
  await expect(bar).toContainText(/747,00\s€/);
  const box = await bar.boundingBox();
  expect(box!.y + box!.height).toBeCloseTo(viewport!.height, 0);
  // The assistant's button rises above the bar, and the end of the page scrolls clear of it.
  const assistant = await page.getByRole('button', { name: /notre assistant/ }).boundingBox();
  expect(assistant!.y + assistant!.height).toBeLessThanOrEqual(box!.y);
  // (Scrolled again until the end holds: the footer takes its height once drawn near the screen.)
  const footerEnd = () =>
    page.locator('footer').evaluate((footer) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return footer.getBoundingClientRect().bottom;
    });
  await expect.poll(footerEnd).toBeLessThanOrEqual(box!.y + 1);
  await expect(bar).toBeInViewport();

  // The form's own button in view: the bar steps aside.
  await page.getByRole('button', { name: 'Réserver maintenant' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\/protection$/);
});

test('on a phone the bar without dates shows the daily price and leads to the missing field', async ({
  page,
  viewport,
}) => {
  test.skip((viewport?.width ?? 1440) >= 1024, 'the bar is for small screens');
  await page.goto('/vehicule/porsche-panamera');
  const bar = page.getByRole('region', { name: 'Réserver ce véhicule' });
  await expect(bar).toContainText(/249\s€\s\/ jour/);
  await bar.getByRole('button', { name: 'Réserver' }).click();
  await expect(page.getByRole('combobox', { name: 'Adresse de livraison' })).toBeFocused();
});

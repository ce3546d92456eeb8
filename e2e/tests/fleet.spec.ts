import {
  expect,
  openBeforeTheApp,
  openRenderedByTheBrowser,
  test,
  type Locator,
  type Page,
} from '../support/test';

/** Below 1024 px (Tailwind lg) the filters live in a sheet behind a 'Filtres' button. */
const isPhone = (width: number | undefined) => (width ?? 1440) < 1024;

const FLEET = {
  standard: ['Toyota Yaris', 'Renault Clio 5', 'Peugeot 208'],
  premium: ['Audi A4', 'Mercedes Classe C', 'BMW Série 3'],
  luxe: ['Mercedes Classe V', 'Range Rover Sport', 'Porsche Panamera', 'Mercedes Classe S 500'],
  supercars: ['Lamborghini Urus', 'McLaren 720S', 'Ferrari F8 Spider'],
};

const isFleetCall = (url: URL) => url.pathname === '/api/v1/vehicles';

/** The names on the cards, in the order shown. */
const cardNames = (page: Page) =>
  page.getByRole('list', { name: /^Véhicules / }).getByRole('heading', { level: 3 });

/** The filter panel: the sidebar on a large screen, the sheet (opened here) on a phone. */
async function openFilters(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('complementary', { name: 'Filtres' });
  await page.getByRole('button', { name: /^Filtres/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filtres' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function closeFilters(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByRole('button', { name: 'Fermer les filtres' }).click();
  await expect(page.getByRole('dialog', { name: 'Filtres' })).toBeHidden();
}

/**
 * Picks a radio filter. The radios follow the URL, which the router updates just after the click,
 * so the checked state is awaited rather than demanded at once (as `check()` would).
 */
async function choose(radio: Locator) {
  await radio.click();
  await expect(radio).toBeChecked();
}

const inDays = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

test.describe('fleet', () => {
  test('without a category, asks the customer to choose one and lists nothing @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte');
    await expect(page).toHaveTitle(/Notre flotte/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notre flotte' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Choisissez une catégorie pour découvrir nos véhicules.' }),
    ).toBeVisible();
    for (const tab of await page.getByRole('tab').all()) {
      await expect(tab).toHaveAttribute('aria-selected', 'false');
    }
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  });

  test('an unknown category lists nothing either @any-width', async ({ page }) => {
    await page.goto('/flotte?category=camions');
    await expect(
      page.getByRole('heading', { name: 'Choisissez une catégorie pour découvrir nos véhicules.' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  });

  test('each of the four tabs lists its vehicles and updates the URL @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte?category=standard');
    const tabs = page.getByRole('tablist', { name: 'Catégories de véhicules' });
    await expect(tabs.getByRole('tab', { name: 'Standard' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(cardNames(page)).toHaveText(FLEET.standard);
    await expect(page.getByRole('status').filter({ hasText: /véhicules?$/ })).toHaveText(
      '3 véhicules',
    );

    for (const [value, label] of [
      ['premium', 'Premium'],
      ['luxe', 'Luxe'],
      ['supercars', 'Super Cars'],
    ] as const) {
      await tabs.getByRole('tab', { name: label }).click();
      await expect(tabs.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(new RegExp(`[?&]category=${value}(&|$)`));
      await expect(cardNames(page)).toHaveText(FLEET[value]);
    }
  });

  test('the tabs follow the arrow keys @any-width', async ({ page }) => {
    await page.goto('/flotte?category=luxe');
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    await page.getByRole('tab', { name: 'Luxe' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Super Cars' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Super Cars' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page).toHaveURL(/category=supercars/);
    await expect(cardNames(page)).toHaveText(FLEET.supercars);
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Standard' })).toBeFocused();
    await expect(cardNames(page)).toHaveText(FLEET.standard);
  });

  test('a card shows the price per day, the deposit and the characteristics @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte?category=luxe');
    const card = page.getByRole('article').filter({ hasText: 'Porsche Panamera' });
    await expect(card).toContainText(/dès\s249\s€\s\/\sjour/);
    await expect(card).toContainText(/Caution\s3\s500\s€/);
    await expect(card).toContainText('4 places');
    await expect(card).toContainText('Automatique');
    await expect(card).toContainText('3 bagages');
    await expect(card).toContainText('Luxe');
    // Decorative (alt=""): the name is the card's heading. The first three cards, those a phone
    // or a desktop shows at once, load their image at once; the others when they come near.
    const image = card.locator('img');
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('sizes', /.+/);
    const fourth = page.getByRole('article').filter({ hasText: 'Mercedes Classe S 500' });
    await expect(fourth.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(card.getByRole('link', { name: 'Porsche Panamera' })).toHaveAttribute(
      'href',
      '/vehicule/porsche-panamera',
    );
  });

  test('transmission Manuelle on Standard leaves only the Clio @any-width', async ({
    page,
    viewport,
  }) => {
    const phone = isPhone(viewport?.width);
    await page.goto('/flotte?category=standard');
    await expect(cardNames(page)).toHaveText(FLEET.standard);
    const panel = await openFilters(page, phone);
    await choose(panel.getByRole('radio', { name: 'Manuelle' }));
    await closeFilters(page, phone);
    await expect(cardNames(page)).toHaveText(['Renault Clio 5']);
    await expect(page).toHaveURL(/transmission=manuelle/);
    await expect(page.getByRole('button', { name: 'Retirer le filtre Manuelle' })).toBeVisible();
  });

  test('the seats filter keeps the vehicles with at least that many seats @any-width', async ({
    page,
    viewport,
  }) => {
    const phone = isPhone(viewport?.width);
    await page.goto('/flotte?category=supercars');
    await expect(cardNames(page)).toHaveText(FLEET.supercars);
    let panel = await openFilters(page, phone);
    await choose(panel.getByRole('radio', { name: '4 et +' }));
    await closeFilters(page, phone);
    await expect(cardNames(page)).toHaveText(['Lamborghini Urus']);
    await expect(page).toHaveURL(/seats=4/);

    await page.getByRole('tab', { name: 'Luxe' }).click();
    panel = await openFilters(page, phone);
    await choose(panel.getByRole('radio', { name: '5 et +' }));
    await closeFilters(page, phone);
    await expect(cardNames(page)).toHaveText([
      'Mercedes Classe V',
      'Range Rover Sport',
      'Mercedes Classe S 500',
    ]);
  });

  test('lowering the maximum price shortens the list @any-width', async ({ page, viewport }) => {
    const phone = isPhone(viewport?.width);
    await page.goto('/flotte?category=luxe');
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    const panel = await openFilters(page, phone);
    const max = panel.getByRole('slider', { name: 'Prix maximum' });
    await expect(max).toHaveAttribute('aria-valuetext', /2\s000\s€ par jour/);
    await max.fill('200');
    await expect(max).toHaveAttribute('aria-valuetext', /200\s€ par jour/);
    await expect(panel.getByRole('slider', { name: 'Prix minimum' })).toHaveValue('0');
    await closeFilters(page, phone);
    await expect(cardNames(page)).toHaveText(['Mercedes Classe V', 'Range Rover Sport']);
    await expect(page).toHaveURL(/maxPrice=200/);
    await expect(page.getByRole('button', { name: /Retirer le filtre Jusqu’à 200/ })).toBeVisible();
  });

  test('each sort orders the cards @any-width', async ({ page }) => {
    await page.goto('/flotte?category=premium');
    const sort = page.getByRole('combobox', { name: 'Trier par' });
    await expect(sort).toHaveValue('price-asc');
    await expect(cardNames(page)).toHaveText(['Audi A4', 'Mercedes Classe C', 'BMW Série 3']);

    await sort.selectOption({ label: 'Prix décroissant' });
    await expect(cardNames(page)).toHaveText(['BMW Série 3', 'Mercedes Classe C', 'Audi A4']);
    await expect(page).toHaveURL(/sort=price-desc/);

    await sort.selectOption({ label: 'Nom (A-Z)' });
    await expect(cardNames(page)).toHaveText(['Audi A4', 'BMW Série 3', 'Mercedes Classe C']);

    await sort.selectOption({ label: 'Nom (Z-A)' });
    await expect(cardNames(page)).toHaveText(['Mercedes Classe C', 'BMW Série 3', 'Audi A4']);

    await sort.selectOption({ label: 'Prix croissant' });
    await expect(cardNames(page)).toHaveText(['Audi A4', 'Mercedes Classe C', 'BMW Série 3']);
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('filters and sort survive a reload, and Réinitialiser clears them @any-width', async ({
    page,
    viewport,
  }) => {
    const phone = isPhone(viewport?.width);
    await page.goto('/flotte?category=luxe');
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Nom (Z-A)' });
    let panel = await openFilters(page, phone);
    await choose(panel.getByRole('radio', { name: '5 et +' }));
    await closeFilters(page, phone);
    const filtered = ['Range Rover Sport', 'Mercedes Classe V', 'Mercedes Classe S 500'];
    await expect(cardNames(page)).toHaveText(filtered);

    await page.reload();
    await expect(cardNames(page)).toHaveText(filtered);
    await expect(page.getByRole('combobox', { name: 'Trier par' })).toHaveValue('name-desc');
    if (phone) {
      await expect(page.getByRole('button', { name: /^Filtres 1 filtre actif/ })).toBeVisible();
    }
    panel = await openFilters(page, phone);
    await expect(panel.getByRole('radio', { name: '5 et +' })).toBeChecked();

    await panel.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
    await closeFilters(page, phone);
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    await expect(page).toHaveURL(/\/flotte\?category=luxe$/);
  });

  // A page opened from its address arrives with its vehicles (rendered by the server): the
  // loading and error states are those of a tab chosen on the page.
  test('shows six skeleton cards while the vehicles load @any-width', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.goto('/flotte?category=luxe');
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    await page.route(isFleetCall, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Premium' }).click();
    const busyList = page.locator('ul[aria-busy="true"]');
    await expect(page.locator('ul[aria-busy="true"] > li')).toHaveCount(6);
    await expect(page.locator('ul[aria-busy="true"] > li[aria-hidden="true"]')).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'Chargement' })).toBeAttached();
    release();
    await expect(cardNames(page)).toHaveText(FLEET.premium);
    await expect(busyList).toHaveCount(0);
  });

  test('a failed load shows the error toast and an error state with a retry @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte?category=premium');
    await expect(cardNames(page)).toHaveText(FLEET.premium);
    await page.route(isFleetCall, (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Une erreur est survenue' } },
      }),
    );
    await page.getByRole('tab', { name: 'Luxe' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Erreur', { exact: true })).toBeVisible();
    await expect(toasts.getByText('Impossible de charger les véhicules')).toBeVisible();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Impossible de charger les véhicules');

    await page.unroute(isFleetCall);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
  });

  test('says so when no vehicle matches the filters @any-width', async ({ page }) => {
    await page.goto('/flotte?category=supercars&transmission=manuelle');
    await expect(
      page.getByRole('heading', { name: 'Aucun véhicule disponible avec ces critères' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(cardNames(page)).toHaveText(FLEET.supercars);
  });

  test('the home category suv opens Luxe with the SUV only, as a removable chip @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte?category=suv');
    await expect(page.getByRole('tab', { name: 'Luxe' })).toHaveAttribute('aria-selected', 'true');
    await expect(cardNames(page)).toHaveText(['Range Rover Sport']);
    const chip = page.getByRole('button', { name: 'Retirer le filtre SUV' });
    await expect(chip).toHaveText('SUV');
    await chip.click();
    await expect(page).toHaveURL(/category=luxe/);
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    await expect(chip).toHaveCount(0);
  });

  test('with the dates of the home module: a summary, and busy vehicles greyed but reachable @any-width', async ({
    page,
    request,
  }) => {
    const start = inDays(60, 8);
    const end = inDays(63, 16);
    const luxe = (await (await request.get('/api/v1/vehicles?category=Luxe')).json()) as {
      vehicles: { id: string; slug: string }[];
    };
    const rangeRover = luxe.vehicles.find((vehicle) => vehicle.slug === 'range-rover-sport');
    // No booking exists on the throw-away database: pretend the Range Rover is taken, in the
    // answer of a page the browser renders.
    await page.route(isFleetCall, async (route) => {
      const url = new URL(route.request().url());
      expect(url.searchParams.get('start')).toBe(start);
      expect(url.searchParams.get('end')).toBe(end);
      const response = await route.fetch();
      const body = (await response.json()) as { unavailableVehicleIds?: string[] };
      await route.fulfill({
        response,
        json: { ...body, unavailableVehicleIds: [rangeRover?.id] },
      });
    });

    const params = new URLSearchParams({
      category: 'luxe',
      pickupAddress: '12 avenue des Champs-Élysées, 75008 Paris',
      returnAddress: '12 avenue des Champs-Élysées, 75008 Paris',
      startDate: start,
      endDate: end,
      deliveryFee: '0',
    });
    await openRenderedByTheBrowser(page, `/flotte?${params.toString()}`);
    const summary = page.getByRole('region', { name: 'Votre réservation' });
    await expect(summary).toContainText('12 avenue des Champs-Élysées, 75008 Paris');
    await expect(summary).toContainText(String(new Date(start).getUTCFullYear()));
    await expect(summary).toContainText('Gratuit');
    await expect(summary.getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/#reserver',
    );

    await expect(cardNames(page)).toHaveText(FLEET.luxe);
    const busy = page.getByRole('article').filter({ hasText: 'Range Rover Sport' });
    await expect(busy).toContainText('Indisponible à ces dates');
    await expect(page.getByText('Indisponible à ces dates')).toHaveCount(1);
    const link = busy.getByRole('link', { name: 'Range Rover Sport' });
    await expect(link).toHaveAttribute('href', /^\/vehicule\/range-rover-sport\?/);
    const query = new URL((await link.getAttribute('href')) ?? '', 'http://localhost').searchParams;
    expect(query.get('address')).toBe('12 avenue des Champs-Élysées, 75008 Paris');
    expect(query.get('start')).toBe(start);
    expect(query.get('end')).toBe(end);
    expect(query.get('deliveryFee')).toBe('0');
  });

  test('dates that have passed still list the fleet, and say why nothing is marked @any-width', async ({
    page,
  }) => {
    const params = new URLSearchParams({
      category: 'premium',
      pickupAddress: 'Paris',
      startDate: '2025-01-01T10:00:00.000Z',
      endDate: '2025-01-03T10:00:00.000Z',
      deliveryFee: '0',
    });
    await page.goto(`/flotte?${params.toString()}`);
    await expect(cardNames(page)).toHaveText(FLEET.premium);
    await expect(page.getByRole('region', { name: 'Votre réservation' })).toContainText(
      'La date de début ne peut pas être dans le passé.',
    );
    await expect(page.getByText('Indisponible à ces dates')).toHaveCount(0);
  });

  test('with dates, each card gives the price of the whole period; without, only the daily price @any-width', async ({
    page,
  }) => {
    const params = new URLSearchParams({
      category: 'luxe',
      pickupAddress: 'Paris',
      startDate: inDays(70, 9),
      endDate: inDays(73, 9),
      deliveryFee: '0',
    });
    await page.goto(`/flotte?${params.toString()}`);
    const panamera = page.getByRole('article').filter({ hasText: 'Porsche Panamera' });
    await expect(panamera).toContainText(/747,00\s€ pour 3\sjours/);
    await page.goto('/flotte?category=luxe');
    await expect(
      page.getByRole('article').filter({ hasText: 'Porsche Panamera' }),
    ).not.toContainText('pour 3 jours');
  });

  test('a paid delivery shows its fee in euros @any-width', async ({ page }) => {
    const params = new URLSearchParams({
      category: 'premium',
      pickupAddress: 'Place Bellecour, 69002 Lyon',
      startDate: inDays(30, 9),
      endDate: inDays(32, 9),
      deliveryFee: '240',
    });
    await page.goto(`/flotte?${params.toString()}`);
    await expect(page.getByRole('region', { name: 'Votre réservation' })).toContainText(
      /240,00\s€/,
    );
  });

  test('a filter and a sort chosen before the page responds are applied once it does', async ({
    page,
    baseURL,
    viewport,
  }) => {
    test.skip(isPhone(viewport?.width), 'on a phone the filters open in a sheet, with the app');
    // The page arrives rendered by the server; its script is held back while the visitor chooses.
    const url = new URL('/flotte?category=supercars', baseURL).toString();
    const letAppIn = await openBeforeTheApp(page, url);
    const panel = page.getByRole('complementary', { name: 'Filtres' });
    await panel.getByRole('radio', { name: '4 et +' }).check();
    await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Nom (Z-A)' });
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();

    await letAppIn();
    await expect(cardNames(page)).toHaveText(['Lamborghini Urus']);
    await expect(page).toHaveURL(/seats=4/);
    await expect(page).toHaveURL(/sort=name-desc/);
    await expect(panel.getByRole('radio', { name: '4 et +' })).toBeChecked();
  });

  test('a gearbox chosen before the page responds is applied once it does', async ({
    page,
    baseURL,
    viewport,
  }) => {
    test.skip(isPhone(viewport?.width), 'on a phone the filters open in a sheet, with the app');
    const url = new URL('/flotte?category=standard', baseURL).toString();
    const letAppIn = await openBeforeTheApp(page, url);
    const panel = page.getByRole('complementary', { name: 'Filtres' });
    await panel.getByRole('radio', { name: 'Manuelle' }).check();

    await letAppIn();
    await expect(cardNames(page)).toHaveText(['Renault Clio 5']);
    await expect(panel.getByRole('radio', { name: 'Manuelle' })).toBeChecked();
  });

  test('on a phone, a sort chosen before the page responds is applied once it does', async ({
    page,
    baseURL,
    viewport,
  }) => {
    test.skip(!isPhone(viewport?.width), 'the sort stands beside the filters button on a phone');
    const url = new URL('/flotte?category=supercars', baseURL).toString();
    const letAppIn = await openBeforeTheApp(page, url);
    await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Nom (Z-A)' });

    await letAppIn();
    await expect(cardNames(page)).toHaveText([
      'McLaren 720S',
      'Lamborghini Urus',
      'Ferrari F8 Spider',
    ]);
    await expect(page).toHaveURL(/sort=name-desc/);
  });

  test('on a large screen the filters are a sidebar', async ({ page, viewport }) => {
    test.skip(isPhone(viewport?.width), 'the sidebar is for large screens');
    await page.goto('/flotte?category=luxe');
    await expect(page.getByRole('complementary', { name: 'Filtres' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filtres/ })).toBeHidden();
  });

  test('on a phone the filters open in a sheet and close', async ({ page, viewport }) => {
    test.skip(!isPhone(viewport?.width), 'the sheet is for small screens');
    await page.goto('/flotte?category=luxe');
    await expect(page.getByRole('complementary', { name: 'Filtres' })).toBeHidden();
    const sheet = await openFilters(page, true);
    await expect(sheet.getByRole('slider', { name: 'Prix maximum' })).toBeVisible();
    await closeFilters(page, true);

    await page.getByRole('button', { name: /^Filtres/ }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: /^Filtres/ }).click();
    await choose(sheet.getByRole('radio', { name: 'Manuelle' }));
    await expect(sheet.getByRole('button', { name: 'Voir les résultats' })).toBeVisible();
    await choose(sheet.getByRole('radio', { name: 'Toutes' }).first());
    await sheet.getByRole('button', { name: 'Voir 4 véhicules' }).click();
    await expect(sheet).toBeHidden();
    await expect(cardNames(page)).toHaveText(FLEET.luxe);
  });
});

import { expect, openBeforeTheApp, openRenderedByTheBrowser, test } from '../support/test';

const isSearchCall = (url: URL) => url.pathname === '/api/v1/search';

const inDays = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

const ADDRESS = '12 avenue des Champs-Élysées, 75008 Paris';

test.describe('search results', () => {
  test('list the vehicles free during the period, with the criteria and the count', async ({
    page,
    request,
  }) => {
    const start = inDays(60, 8);
    const end = inDays(62, 8);
    const expected = (await (
      await request.get(`/api/v1/search?start=${start}&end=${end}`)
    ).json()) as { vehicles: { name: string }[] };
    expect(expected.vehicles.length).toBeGreaterThan(1);

    const params = new URLSearchParams({ address: ADDRESS, start, end, deliveryFee: '30' });
    await page.goto(`/recherche?${params.toString()}`);
    await expect(page).toHaveTitle(/Véhicules disponibles/);
    await expect(
      page.getByRole('heading', { name: `${expected.vehicles.length} véhicules disponibles` }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Véhicules disponibles' }).getByRole('heading', { level: 3 }),
    ).toHaveText(expected.vehicles.map((vehicle) => vehicle.name));

    // Each card gives the price of the whole period as the server computed it.
    const panamera = page.getByRole('article').filter({ hasText: 'Porsche Panamera' });
    await expect(panamera).toContainText(/498,00\s€ pour 2\sjours/);

    const criteria = page.getByRole('region', { name: 'Vos critères' });
    await expect(criteria).toContainText(ADDRESS);
    await expect(criteria).toContainText('Départ');
    await expect(criteria).toContainText('Retour');
    const year = String(new Date(start).getUTCFullYear());
    await expect(criteria.getByRole('definition')).toContainText([ADDRESS, year, year]);
    await expect(criteria).toContainText(/Frais de livraison\s*30,00\s€/);

    const link = page.getByRole('link', { name: expected.vehicles[0]?.name ?? '' });
    const query = new URL((await link.getAttribute('href')) ?? '', 'http://localhost').searchParams;
    expect(query.get('address')).toBe(ADDRESS);
    expect(query.get('start')).toBe(start);
    expect(query.get('end')).toBe(end);
    expect(query.get('deliveryFee')).toBe('30');
  });

  test('arrive with the page: the results are drawn before its script has run @any-width', async ({
    page,
    baseURL,
  }) => {
    const params = new URLSearchParams({
      address: ADDRESS,
      start: inDays(50, 9),
      end: inDays(53, 9),
    });
    const letAppIn = await openBeforeTheApp(page, new URL(`/recherche?${params}`, baseURL).href);
    const list = page.getByRole('list', { name: 'Véhicules disponibles' });
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(list.locator('img').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    const shown = await list.getByRole('heading', { level: 3 }).allTextContents();
    await letAppIn();
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(shown);
  });

  test('a long list comes in pages: the count is a lower bound until the last one @any-width', async ({
    page,
    request,
  }) => {
    const start = inDays(70, 8);
    const end = inDays(71, 8);
    const expected = (await (
      await request.get(`/api/v1/search?start=${start}&end=${end}`)
    ).json()) as { vehicles: { name: string }[] };
    expect(expected.vehicles.length).toBeGreaterThan(10);
    // Pages of 5 (the seeded catalogue fits in one page of the default 24), asked by the browser.
    await page.route(isSearchCall, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '5');
      return route.continue({ url: url.toString() });
    });

    await openRenderedByTheBrowser(
      page,
      `/recherche?${new URLSearchParams({ address: ADDRESS, start, end }).toString()}`,
    );
    const list = page.getByRole('list', { name: 'Véhicules disponibles' });
    await expect(
      page.getByRole('heading', { name: 'Plus de 5 véhicules disponibles' }),
    ).toBeVisible();
    await expect(list.getByRole('heading', { level: 3 })).toHaveCount(5);

    const more = page.getByRole('button', { name: 'Afficher plus de véhicules' });
    const total = expected.vehicles.length;
    for (let shown = 5; shown < total; shown += 5) {
      await more.click();
      await expect(list.getByRole('heading', { level: 3 })).toHaveCount(Math.min(shown + 5, total));
    }
    await expect(more).toBeHidden();
    await expect(
      page.getByRole('heading', { name: `${expected.vehicles.length} véhicules disponibles` }),
    ).toBeVisible();
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(
      expected.vehicles.map((vehicle) => vehicle.name),
    );
  });

  test('a free delivery is left out of the criteria and one result reads in the singular @any-width', async ({
    page,
  }) => {
    await page.route(isSearchCall, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { vehicles: unknown[] };
      await route.fulfill({ response, json: { ...body, vehicles: body.vehicles.slice(0, 1) } });
    });
    const params = new URLSearchParams({
      address: ADDRESS,
      start: inDays(40, 9),
      end: inDays(41, 9),
      deliveryFee: '0',
    });
    await openRenderedByTheBrowser(page, `/recherche?${params.toString()}`);
    await expect(page.getByRole('heading', { name: '1 véhicule disponible' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Vos critères' })).not.toContainText(
      'Frais de livraison',
    );
  });

  test('without dates, shows the empty state and the way back home @any-width', async ({
    page,
  }) => {
    await page.goto(`/recherche?address=${encodeURIComponent(ADDRESS)}`);
    await expect(page.getByRole('heading', { name: 'Aucun véhicule disponible' })).toBeVisible();
    await expect(page.getByText('Essayez de modifier vos critères de recherche')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  // The failed search is logged as an error on purpose: this test checks that it is.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/La recherche de véhicules a échoué/] });
    test('a failed search shows the empty state, and the back button leads home @any-width', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.route(isSearchCall, (route) =>
        route.fulfill({
          status: 500,
          json: { error: { code: 'internal_error', message: 'Une erreur est survenue' } },
        }),
      );
      const params = new URLSearchParams({ start: inDays(20, 9), end: inDays(22, 9) });
      await openRenderedByTheBrowser(page, `/recherche?${params.toString()}`);
      await expect(page.getByRole('heading', { name: 'Aucun véhicule disponible' })).toBeVisible();
      await expect(page.getByText('Essayez de modifier vos critères de recherche')).toBeVisible();
      // Only logged: no toast.
      await expect(
        page.getByRole('region', { name: /Notifications/ }).getByRole('listitem'),
      ).toHaveCount(0);
      await expect
        .poll(() => errors.some((text) => text.includes('La recherche de véhicules a échoué')))
        .toBe(true);

      await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});

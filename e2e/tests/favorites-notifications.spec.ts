import { expect, openBeforeTheApp, test, type Page } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

/** The card of one vehicle on /flotte or /recherche. */
const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name }) });

/** The heart next to the vehicle page's title. */
const titleHeart = (page: Page) =>
  page.getByRole('button', { name: /^(Ajouter aux|Retirer des) favoris$/ });

/** The bell of the header bar (desktop) or of the phone's top bar: the visible one. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

const favoriteIds = async (page: Page) =>
  ((await (await page.request.get('/api/v1/me/favorites')).json()) as { vehicleIds: string[] })
    .vehicleIds;

test.describe('favourites and notifications', () => {
  test('a signed-out visitor who clicks a heart is told to sign in @any-width', async ({
    page,
  }) => {
    await page.goto('/flotte?category=luxe');
    const heart = card(page, 'Porsche Panamera').getByRole('button', {
      name: 'Ajouter aux favoris : Porsche Panamera',
    });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expectToast(
      page,
      'Connexion requise',
      'Vous devez être connecté pour ajouter des favoris',
    );
    await expect(heart).toHaveAttribute('aria-pressed', 'false');

    await page.goto('/vehicule/porsche-panamera');
    await titleHeart(page).click();
    await expectToast(
      page,
      'Connexion requise',
      'Vous devez être connecté pour ajouter des favoris',
    );
    // No bell for a visitor.
    await expect(bell(page)).toHaveCount(0);
  });

  test('a heart on a fleet card and on the vehicle page adds, then removes, the favourite @any-width', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/flotte?category=luxe');
    const cardHeart = card(page, 'Porsche Panamera').getByRole('button', {
      name: /favoris\s: Porsche Panamera$/,
    });
    await expect(cardHeart).toHaveAccessibleName('Ajouter aux favoris : Porsche Panamera');
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
    await expect(cardHeart).toHaveAccessibleName('Retirer des favoris : Porsche Panamera');
    // Only that card's heart changed.
    await expect(
      card(page, 'Range Rover Sport').getByRole('button', { name: /favoris/ }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(await favoriteIds(page)).toHaveLength(1);

    await card(page, 'Porsche Panamera').getByRole('link', { name: 'Porsche Panamera' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeVisible();
    await expect(titleHeart(page)).toHaveAccessibleName('Retirer des favoris');
    await expect(titleHeart(page)).toHaveAttribute('aria-pressed', 'true');
    await titleHeart(page).click();
    await expect(titleHeart(page)).toHaveAccessibleName('Ajouter aux favoris');
    await expect(titleHeart(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await favoriteIds(page)).toEqual([]);

    await page.goBack();
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
  });

  test('a heart tapped before the app has taken the page over counts once it has @any-width', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    const letAppIn = await openBeforeTheApp(page, new URL('/flotte?category=luxe', baseURL).href);
    const heart = card(page, 'Porsche Panamera').getByRole('button', {
      name: /favoris\s: Porsche Panamera$/,
    });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await letAppIn();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await favoriteIds(page)).toHaveLength(1);
  });

  test('the heart is inactive while the server answers, and a failure is shown @any-width', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/vehicule/mclaren-720s');
    const heart = titleHeart(page);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/me/favorites/*', async (route) => {
      await released;
      await route.continue();
    });
    await heart.click();
    await expect(heart).toBeDisabled();
    release();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toBeEnabled();
    await page.unroute('**/api/v1/me/favorites/*');

    // The server's message when there is one…
    await page.route('**/api/v1/me/favorites/*', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'unavailable', message: 'Service momentanément indisponible.' } },
      }),
    );
    await heart.click();
    await expectToast(page, 'Erreur', 'Service momentanément indisponible.');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.unroute('**/api/v1/me/favorites/*');

    // …and the SPEC's fallback when the network fails.
    await page.route('**/api/v1/me/favorites/*', (route) => route.abort('internetdisconnected'));
    await heart.click();
    await expectToast(page, 'Erreur', 'Une erreur est survenue');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('the bell shows the welcome notification; a click marks it read and opens its link', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/comment-ca-marche');
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');
    await bell(page).click();
    const welcome = page.getByRole('menuitem', { name: /Bienvenue\s!/ });
    await expect(welcome).toContainText(
      'Complétez votre profil et déposez vos documents pour accélérer votre première location.',
    );
    await expect(welcome).toHaveAccessibleName(/^Non lue/);
    await welcome.click();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    await bell(page).click();
    await expect(page.getByRole('menuitem', { name: /Bienvenue\s!/ })).not.toHaveAccessibleName(
      /^Non lue/,
    );
    await expect(page.getByRole('menuitem', { name: 'Tout marquer comme lu' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test('‘Tout marquer comme lu’ clears the unread count @any-width', async ({ page, baseURL }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/');
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');
    await bell(page).click();
    await page.getByRole('menuitem', { name: 'Tout marquer comme lu' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByRole('menuitem', { name: /Bienvenue\s!/ })).not.toHaveAccessibleName(
      /^Non lue/,
    );
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
  });

  test('a notification the server creates (booking paid) appears without reloading @any-width', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/comment-ca-marche');
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');

    // Pay a booking through the API (as another tab would): the server notifies on confirmation.
    const day = testInfo.project.name === 'phone' ? 230 : 210;
    const start = await startBooking(page.request, baseURL!, {
      email: account.email,
      vehicleSlug: 'renault-clio-5',
      day,
    });
    await payBooking(page.request, baseURL!, start);

    await expect(bell(page)).toHaveAccessibleName('Notifications (2 non lues)');
    await bell(page).click();
    const paid = page.getByRole('menuitem', {
      name: new RegExp(`Réservation ${start.reference} confirmée`),
    });
    await expect(paid).toHaveAccessibleName(/^Non lue/);
    await paid.click();
    await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');
  });

  test('a change made in another tab shows without reloading @any-width', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    await page.goto('/vehicule/range-rover-sport');
    await expect(titleHeart(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');

    const other = await page.context().newPage();
    await other.goto('/vehicule/range-rover-sport');
    await titleHeart(other).click();
    await expect(titleHeart(other)).toHaveAttribute('aria-pressed', 'true');
    await expect(titleHeart(page)).toHaveAttribute('aria-pressed', 'true');

    await expect(bell(other)).toHaveAccessibleName('Notifications (1 non lue)');
    await bell(other).click();
    await other.getByRole('menuitem', { name: 'Tout marquer comme lu' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await other.close();
  });

  test('sign-out closes the live stream and removes the bell @any-width', async ({
    page,
    baseURL,
  }) => {
    await createVerifiedAccount(page.request, await adminRequest(baseURL!));
    const isStream = (request: { url(): string }) => request.url().endsWith('/api/v1/events');
    const opened = page.waitForRequest(isStream);
    await page.goto('/profil');
    await opened;
    await expect(bell(page)).toBeVisible();
    const closed = page.waitForEvent('requestfailed', isStream);
    await page.getByRole('main').getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/$/);
    await closed;
    await expect(bell(page)).toHaveCount(0);
  });
});

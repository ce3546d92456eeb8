import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { siteFontsDrawn } from '../support/fonts';

const TABS = ['Informations', 'Documents', 'Réservations'];

test('the profile’s tab bar fits the screen, every tab whole', async ({ page, baseURL }) => {
  await createVerifiedAccount(page.request, await adminRequest(baseURL!));
  await page.goto('/profil');
  const bar = page.getByRole('tablist', { name: 'Mon profil' });
  await expect(bar.getByRole('tab')).toHaveText(TABS);
  // Measured in the site's fonts, as the tabs stay once the page has settled.
  await siteFontsDrawn(page);

  const width = page.viewportSize()!.width;
  const box = (await bar.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the bar ends within the screen').toBeLessThanOrEqual(width);
  const card = (await page.getByRole('tabpanel').boundingBox())!;
  expect(box.x + box.width, 'the bar ends within the card').toBeLessThanOrEqual(
    card.x + card.width,
  );
  expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  for (const name of TABS) {
    const tab = bar.getByRole('tab', { name });
    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.x + tabBox.width, `${name} ends within the bar`).toBeLessThanOrEqual(
      box.x + box.width,
    );
    // The label is not cut: it takes no more room than its tab gives it.
    expect(await tab.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test('a ?tab= address opens that profile tab, and the tab chosen goes in the address @any-width', async ({
  page,
  baseURL,
}) => {
  await createVerifiedAccount(page.request, await adminRequest(baseURL!));
  await page.goto('/profil?tab=reservations');
  await expect(page.getByRole('tab', { name: 'Réservations' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel', { name: 'Réservations' })).toContainText(
    'Aucune réservation pour le moment',
  );

  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/profil\?tab=documents$/);
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Documents' })).toBeVisible();

  await page.goto('/profil?tab=inconnu');
  await expect(page.getByRole('tab', { name: 'Informations' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

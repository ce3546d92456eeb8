import { expect, test, type Page } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { driverForm, openCheckout } from '../support/checkout';
import { isoDateTime, localDateTime } from '../support/dates';
import { headerBottom, tabTo, visibleFocusArea } from '../support/keyboard';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

// Walking a page with Tab is one round trip to the browser per press, dozens per test.
test.beforeEach(() => test.slow());

test('a new page takes the focus on its heading and is announced @any-width', async ({ page }) => {
  await page.goto('/flotte?category=luxe');
  const card = page.getByRole('link', { name: 'Porsche Panamera' });
  await tabTo(page, card);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Porsche Panamera' });
  await expect(heading).toBeFocused();
  const title = await page.title();
  expect(title).toContain('Porsche Panamera');
  await expect(page.getByText(title, { exact: true })).toHaveAttribute('aria-live', 'polite');

  // Back to the fleet: the same for a page already seen.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Notre flotte' })).toBeFocused();
  await expect(page.getByText(await page.title(), { exact: true })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  expect(await page.title()).toContain('Notre flotte');
});

test('the home module’s Suivant and Retour take the focus to the step they open @any-width', async ({
  page,
}) => {
  await page.goto('/');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  await module.getByRole('combobox', { name: 'Adresse de livraison' }).fill('Paris');
  await module.getByLabel('Date et heure de départ').fill(localDateTime(20));
  await tabTo(page, module.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  await expect(module.getByRole('combobox', { name: 'Adresse de retour' })).toBeFocused();

  await module.getByLabel('Date et heure de retour').fill(localDateTime(22));
  await tabTo(page, module.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  await expect(module.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const chosen = module.getByRole('radio', { checked: true });
  await expect(chosen).toBeFocused();

  await tabTo(page, module.getByRole('button', { name: 'Retour' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(module.getByRole('combobox', { name: 'Adresse de retour' })).toBeFocused();
  await tabTo(page, module.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  await expect(chosen).toBeFocused();
});

test('a field reached with the keyboard is never hidden under the sticky header', async ({
  page,
  baseURL,
}, testInfo) => {
  const day = testInfo.project.name === 'phone' ? 720 : 700;
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await openCheckout(page, {
    vehicleSlug: 'audi-a4',
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(day),
    end: isoDateTime(day + 2),
  });
  const first = driverForm(page).getByRole('textbox', { name: 'Prénom', exact: true });
  await expect(first).toBeVisible();
  const top = await headerBottom(page);

  // From the bottom of the page back up to the first field, one field at a time (scrolling at
  // once rather than smoothly, so that each field is where it stays).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Continuer', exact: true }).focus();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    const box = await page.evaluate(() => document.activeElement?.getBoundingClientRect().toJSON());
    expect(box.top, 'the focused field starts below the header').toBeGreaterThanOrEqual(top);
    if (await first.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('The first field was not reached');
});

test('the fleet card and the price sliders show a focus ring that stands out @any-width', async ({
  page,
}) => {
  await page.goto('/flotte?category=luxe');
  const link = page.getByRole('link', { name: 'Porsche Panamera' });
  const card = page.getByRole('article').filter({ has: link });
  const { width, height } = (await card.boundingBox())!;
  // At least a 2 px line all around the card, at 3:1 against what it covers.
  const cardArea = await visibleFocusArea(page, link, { region: card });
  expect(cardArea).toBeGreaterThanOrEqual(2 * 2 * (width + height));

  if (isPhone(page)) await page.getByRole('button', { name: /^Filtres/ }).click();
  const filters = isPhone(page)
    ? page.getByRole('dialog', { name: 'Filtres' })
    : page.getByRole('complementary', { name: 'Filtres' });
  // The two thumbs (24 px) sit at the ends of the track: only the focused one's is looked at.
  const thumb = 24;
  for (const [name, atEnd] of [
    ['Prix minimum', false],
    ['Prix maximum', true],
  ] as const) {
    const slider = filters.getByRole('slider', { name });
    const area = await visibleFocusArea(page, slider, {
      crop: (box) => ({ ...box, x: atEnd ? box.x + box.width - thumb : box.x, width: thumb }),
    });
    // A 2 px ring around the thumb.
    expect(area, name).toBeGreaterThanOrEqual(2 * Math.PI * thumb);
  }
});

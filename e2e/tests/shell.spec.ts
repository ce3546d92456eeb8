import { expect, test } from '../support/test';
import { siteFontsDrawn } from '../support/fonts';

const isPhone = (width: number | undefined) => (width ?? 1440) < 1280;

test.describe('site shell', () => {
  test('shows the header links, the language menu and the signed-out account menu', async ({
    page,
    viewport,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: "Location de véhicules d'exception, avec ou sans chauffeur",
      }),
    ).toBeVisible();

    if (isPhone(viewport?.width)) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    }
    const nav = page.getByRole('navigation', { name: 'Navigation principale' }).last();
    await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Notre flotte' })).toHaveAttribute(
      'href',
      '/flotte',
    );
    await expect(nav.getByRole('link', { name: 'Comment ça marche' })).toHaveAttribute(
      'href',
      '/comment-ca-marche',
    );
    await expect(nav.getByRole('link', { name: 'Réserver' })).toHaveAttribute('href', '/#reserver');
    const messaging = nav.getByRole('link', { name: /WhatsApp/ });
    await expect(messaging).toHaveAttribute('href', /^https:\/\//);
    await expect(messaging).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Gérer ma réservation' }).last()).toHaveAttribute(
      'href',
      '/gerer-reservation',
    );

    await page.getByRole('button', { name: /Langue et devise/ }).click();
    const localeMenu = page.getByRole('menu');
    for (const entry of ['Français', 'English', '€ EUR', '$ USD', '£ GBP']) {
      await expect(
        localeMenu.getByRole('menuitem', { name: new RegExp(entry.replace('$', '\\$')) }),
      ).toBeVisible();
    }
    await expect(localeMenu.getByRole('menuitem', { name: /Français/ })).toContainText(
      '(actuelle)',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.getByRole('button', { name: 'Connexion | Inscription' }).click();
    const accountMenu = page.getByRole('menu');
    await expect(accountMenu.getByRole('menuitem', { name: 'Connexion' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(accountMenu.getByRole('menuitem', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      /^\/auth/,
    );
    await expect(accountMenu.getByRole('menuitem', { name: 'Avantages du compte' })).toBeVisible();
  });

  test('menus work from the keyboard @any-width', async ({ page, viewport }) => {
    test.skip(isPhone(viewport?.width), 'keyboard journey on the desktop header');
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Langue et devise/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /Français/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: /GBP/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  });

  test('footer shows the phone number and the four anchored sections with content', async ({
    page,
  }) => {
    await page.goto('/comment-ca-marche');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '01 84 60 25 25' })).toHaveAttribute(
      'href',
      'tel:+33184602525',
    );
    for (const [id, title, text] of [
      ['cgv', 'Conditions générales', '25 ans'],
      ['assurance', 'Assurance', '28,87 €'],
      ['mentions', 'Mentions légales', 'Vroum Prestige SAS'],
      ['caution', 'Caution', 'pré-autorisation'],
    ] as const) {
      const section = page.locator(`#${id}`);
      await expect(section.getByRole('heading', { name: title })).toBeVisible();
      await expect(section).toContainText(text);
      await expect(footer.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        `#${id}`,
      );
    }
  });

  test('an unknown path shows the English 404 page with a 404 status @any-width', async ({
    page,
  }) => {
    const response = await page.goto('/une-page-qui-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('véhicules d');
  });

  test('the page never scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/comment-ca-marche', '/conditions', '/politique-confidentialite']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('a page opened afresh starts at its top, and a reload keeps where it was', async ({
    page,
  }) => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto('/flotte');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(500);
    await page.goto('/conditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(scrollY).toBe(600);
    await page.reload();
    // Where it was, give or take the pixels the fonts move the page by once drawn.
    await expect.poll(async () => Math.abs((await scrollY()) - 600)).toBeLessThan(40);
  });

  test('the header bar fits a 1280 px laptop screen once the site’s fonts are drawn @any-width', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await siteFontsDrawn(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Assistance WhatsApp 24/7' })).toBeVisible();
    await expect(banner.getByRole('button', { name: /Connexion/ })).toBeInViewport({ ratio: 1 });
  });
});

import { expect, test, type Page } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations as audit } from '../support/axe';
import {
  driverForm,
  fillDriver,
  fillSandboxCard,
  openCheckout,
  termsCheckbox,
} from '../support/checkout';
import { isoDateTime, localDateTime } from '../support/dates';

/**
 * Every page and every state a visitor can reach, at the width of the project, passes axe (WCAG
 * 2.2 A and AA and axe's best practices). One page per group walks from state to state, so the
 * sweep costs one browser per width; each state is checked once it has settled.
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

test('public pages, the home module’s steps, the menus and the assistant', async ({ page }) => {
  // Dozens of pages, each checked at rest: three minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(heading(page, /Location de véhicules d'exception/)).toBeVisible();
  await audit(page, 'home');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  await module.getByRole('combobox', { name: 'Adresse de livraison' }).fill('Neuilly-sur-Seine');
  await page
    .getByRole('listbox', { name: /Adresse de livraison/ })
    .getByRole('option')
    .first()
    .click();
  await audit(page, 'home, address suggestions chosen');
  await module.getByLabel('Date et heure de départ').fill(localDateTime(30));
  await module.getByRole('button', { name: 'Suivant' }).click();
  await module.getByLabel('Date et heure de retour').fill(localDateTime(32));
  await audit(page, 'home, module step 2');
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module.getByRole('radio', { name: 'Luxe' })).toBeVisible();
  await audit(page, 'home, module step 3');

  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'home, menu open');
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: /Discuter avec/ }).click();
  await expect(page.getByRole('dialog', { name: 'Vroum' })).toBeVisible();
  await audit(page, 'home, assistant open');
  await page.keyboard.press('Escape');

  await page.goto('/flotte?category=luxe');
  await expect(page.getByRole('tab', { name: 'Luxe', selected: true })).toBeVisible();
  await audit(page, 'fleet');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Filtres' }).click();
    await expect(page.getByRole('dialog', { name: 'Filtres' })).toBeVisible();
    await audit(page, 'fleet, filters open');
    await page.keyboard.press('Escape');
  }

  const context = new URLSearchParams({
    address: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(30),
    end: isoDateTime(32),
    deliveryFee: '0',
  });
  await page.goto(`/recherche?${context.toString()}`);
  await expect(page.getByRole('heading', { name: /véhicules disponibles/ })).toBeVisible();
  await audit(page, 'search results');
  await page.goto('/recherche?address=Paris');
  await expect(page.getByText('Essayez de modifier vos critères de recherche')).toBeVisible();
  await audit(page, 'search, no result');

  await page.goto(`/vehicule/porsche-panamera?${context.toString()}`);
  await expect(page.getByRole('status').filter({ hasText: 'Disponible' })).toBeVisible();
  await audit(page, 'vehicle');

  for (const [path, name] of [
    ['/comment-ca-marche', /de la réservation à la restitution/],
    ['/conditions', 'Conditions générales de location'],
    ['/politique-confidentialite', 'Politique de confidentialité'],
    ['/une-page-qui-n-existe-pas', 'Oops! Page not found'],
    ['/gerer-reservation', 'Gérez votre réservation'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, name)).toBeVisible();
    await audit(page, path);
  }

  await page.goto('/auth');
  await expect(heading(page, 'Mon Compte')).toBeVisible();
  await audit(page, 'auth, Connexion');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await audit(page, 'auth, Inscription');
});

test('the booking from protection to confirmation, the booking’s pages and the profile', async ({
  page,
  baseURL,
}, testInfo) => {
  // Dozens of pages, each checked at rest: three minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  // A retry books other days: the first attempt may have booked these.
  const day = (testInfo.project.name === 'phone' ? 520 : 500) + testInfo.retry * 5;
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);

  await openCheckout(page, {
    vehicleSlug: 'porsche-panamera',
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(day),
    end: isoDateTime(day + 2),
  });
  await page.goto('/vehicule/porsche-panamera/protection');
  await expect(heading(page, /protection/i)).toBeVisible();
  await audit(page, 'protection');
  await page.goto('/vehicule/porsche-panamera/options');
  await expect(heading(page, /options/i)).toBeVisible();
  await audit(page, 'options');
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await expect(page.getByRole('form', { name: 'Conducteur principal' })).toBeVisible();
  await audit(page, 'checkout, driver');
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(
    driverForm(page).getByRole('textbox', { name: 'Prénom', exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  await audit(page, 'checkout, driver with errors');
  await fillDriver(page);
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page.getByText('Total TTC').first()).toBeVisible();
  await audit(page, 'checkout, summary');
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement sécurisé' })).toBeVisible();
  await audit(page, 'checkout, payment');
  await fillSandboxCard(page, '4000 0027 6000 3184');
  await termsCheckbox(page).check();
  await page.getByRole('button', { name: 'Payer et réserver' }).click();
  await expect(heading(page, 'Confirmez votre paiement')).toBeVisible();
  await audit(page, '3-D Secure');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(heading(page, 'Réservation confirmée')).toBeVisible();
  await audit(page, 'confirmation');

  await page.getByRole('link', { name: 'Voir ma réservation' }).click();
  // The confirmation shows the same steps: the booking's own page is known by its address and
  // its title, the booking's reference.
  await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Réservation confirmée' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Étapes avant la livraison' })).toBeVisible();
  await audit(page, 'booking detail');
  const detail = page.url();
  await page.goto(`${detail}/identite`);
  await expect(page.getByRole('heading', { name: 'Vérification d’identité' })).toBeVisible();
  await audit(page, 'identity check');
  await page.goto(`${detail}/contrat`);
  // The contract shows once rendered: when the rendering ahead has not finished yet, the page
  // renders it (a thread's first rendering loads the fonts, seconds on a loaded machine).
  await expect(page.getByRole('heading', { name: 'Contrat de location' })).toBeVisible({
    timeout: 20_000,
  });
  await audit(page, 'contract');

  await page.goto('/profil');
  await expect(heading(page, 'Mon Profil')).toBeVisible();
  for (const tab of ['Informations', 'Documents', 'Réservations']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await audit(page, `profile, ${tab}`);
  }
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'menu open, signed in');
  } else {
    await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit(page, 'account menu open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Langue et devise' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit(page, 'language and currency menu open');
  }
});

test('each tab of the administrators’ console', async ({ page, baseURL }) => {
  test.slow();
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(heading(page, 'Administration')).toBeVisible();
  for (const tab of ['Véhicules', 'Réservations', 'Utilisateurs', 'Avis', 'Promotions']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await audit(page, `admin, ${tab}`);
  }
  await page.getByRole('tab', { name: 'Réservations' }).click();
  await page.getByRole('button', { name: 'Dommages' }).click();
  await expect(page.getByRole('heading', { name: 'Dommages', level: 2 })).toBeVisible();
  await audit(page, 'admin, damage and disputes');
  await page.getByRole('tab', { name: 'Véhicules' }).click();
  await page.getByRole('button', { name: 'Ajouter un véhicule' }).click();
  await expect(page.getByRole('dialog', { name: 'Ajouter un véhicule' })).toBeVisible();
  await audit(page, 'admin, vehicle form');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  await page.getByRole('button', { name: /Vérifications d’identité/ }).click();
  await expect(page.getByRole('dialog', { name: 'Vérifications d’identité' })).toBeVisible();
  await audit(page, 'admin, identity checks');
});

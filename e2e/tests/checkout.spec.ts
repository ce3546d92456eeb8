import {
  expect,
  openBeforeTheApp,
  test,
  waitForAppOnNavigation,
  type Page,
  type Response,
  type TestInfo,
} from '../support/test';
import {
  adminRequest,
  consoleUser,
  createVerifiedAccount,
  signInAsAdmin,
} from '../support/accounts';
import {
  driverForm,
  fillDriver,
  fillSandboxCard as fillCard,
  openCheckout as openCheckoutWith,
  reachPayment,
  termsCheckbox as terms,
} from '../support/checkout';
import { isoDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

const SLUG = 'porsche-panamera';
const ADDRESS = '10 rue de Rivoli, 75001 Paris';
/**
 * A rental period of its own per test and per project: both projects run against one server,
 * and every paid booking holds the car for its period.
 */
function period(testInfo: TestInfo, slot: number) {
  const first = (testInfo.project.name === 'phone' ? 300 : 120) + slot * 8;
  return { start: isoDateTime(first), end: isoDateTime(first + 3) };
}
type Period = ReturnType<typeof period>;

/** An amount as fr-FR writes it, whatever grouping space the browser uses: 89260 → 892,60 €. */
function euros(cents: number): RegExp {
  const [whole = '0', decimals = '00'] = (cents / 100).toFixed(2).split('.');
  return new RegExp(`${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')},${decimals}\\s€`);
}

/** Opens /checkout for the Panamera over the period. */
const openCheckout = (page: Page, { start, end }: Period, signedIn = true) =>
  openCheckoutWith(page, { vehicleSlug: SLUG, deliveryAddress: ADDRESS, start, end }, signedIn);

const isQuote = (response: Response) =>
  response.url().endsWith('/api/v1/quotes') && response.request().method() === 'POST';

/** The confirmation page of a paid booking; returns the booking id. */
async function expectConfirmed(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/confirmation\?payment_intent=pi_sbx_[0-9a-f]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservation confirmée' }),
  ).toBeVisible();
  const href = await page.getByRole('link', { name: 'Voir ma réservation' }).getAttribute('href');
  const bookingId = href?.match(/^\/reservation\/([0-9a-f-]{36})$/)?.[1];
  expect(bookingId).toBeTruthy();
  await expect(page.getByText(bookingId!.slice(0, 8).toUpperCase(), { exact: true })).toBeVisible();
  return bookingId!;
}

test('the full journey: vehicle, protection, options, checkout, paid and confirmed', async ({
  page,
  baseURL,
}, testInfo) => {
  // Account, funnel and payment: a long journey on a shared 2-core machine.
  test.slow();
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const { start, end } = period(testInfo, 0);

  await page.goto(
    `/vehicule/${SLUG}?${new URLSearchParams({ address: ADDRESS, start, end, deliveryFee: '0' })}`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Disponible' })).toHaveText(
    'Disponible pour ces dates',
  );
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(/\/protection$/);
  await page.getByRole('radio', { name: 'Protection Complète' }).check();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page).toHaveURL(/\/options$/);
  await page.getByRole('switch', { name: 'Siège bébé' }).click();
  const quoted = page.waitForResponse(isQuote);
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

  // The page, its banner and the way back.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finaliser votre réservation' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Finaliser votre réservation/);
  await expect(
    page
      .getByRole('navigation', { name: 'Étapes de la réservation' })
      .locator('[aria-current="step"]'),
  ).toHaveText(/Paiement/);
  // One progress indication: the journey's, naming checkout's own step.
  await expect(page.getByRole('list', { name: 'Étapes du formulaire de réservation' })).toHaveCount(
    0,
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Étapes de la réservation' })
      .locator('[aria-current="step"]'),
  ).toContainText('Conducteur · 1/3');
  const banner = page.getByRole('region', { name: 'Réservation sécurisée' });
  await expect(banner.getByRole('listitem')).toHaveText([
    /Paiement 100\s%\ssécurisé.*Chiffrement SSL 256 bits/,
    'Processeur de paiement intégré (mode démonstration)',
    'Données protégées conformément au RGPD',
    'Assistance premium 24h/24, 7j/7',
  ]);
  const back = page.getByRole('link', { name: 'Retour au véhicule' });
  await expect(back).toHaveAttribute(
    'href',
    `/vehicule/${SLUG}?${new URLSearchParams({ address: ADDRESS, start, end, deliveryFee: '0' })}`,
  );

  // Step 1: every field is required, then the e-mail must look like one.
  const form = driverForm(page);
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
    account.email,
  );
  await expect(
    form.getByRole('combobox', { name: 'Pays de délivrance du permis' }).locator('option'),
  ).toHaveText([
    'France',
    'Belgique',
    'Suisse',
    'Allemagne',
    'Espagne',
    'Italie',
    'Royaume-Uni',
    'États-Unis',
    'Canada',
  ]);
  await expect(
    form.getByRole('combobox', { name: 'Pays de résidence' }).locator('option'),
  ).toHaveText(['France', 'Belgique', 'Suisse', 'Autre']);
  await fillDriver(page, { Ville: '   ' });
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expectToast(
    page,
    'Informations manquantes',
    'Veuillez remplir tous les champs obligatoires.',
  );
  await expect(form.getByRole('textbox', { name: 'Ville', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Paris');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('camille@exemple');
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expectToast(page, 'Email invalide', 'Veuillez entrer une adresse email valide.');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('combobox', { name: 'Pays de délivrance du permis' }).selectOption('BE');
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  // Step 2: the server's lines and total, the deposit apart, a refused promo code.
  const quote = (await (await quoted).json()) as {
    totalCents: number;
    depositCents: number;
    lines: { label: string }[];
  };
  const summary = page.getByRole('region', { name: 'Récapitulatif de la réservation' });
  await expect(
    page
      .getByRole('navigation', { name: 'Étapes de la réservation' })
      .locator('[aria-current="step"]'),
  ).toContainText('Récapitulatif · 2/3');
  for (const line of quote.lines) await expect(summary).toContainText(line.label);
  await expect(summary).toContainText('Protection Complète');
  await expect(summary).toContainText('Siège bébé');
  await expect(summary.getByText('Total TTC').locator('..')).toContainText(euros(quote.totalCents));
  await expect(summary.getByText('Caution', { exact: true }).locator('..')).toContainText(
    euros(quote.depositCents),
  );
  await page.getByLabel('Code promo').fill('FAUXCODE');
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'promo' })).toHaveText(
    'Ce code promo n’est pas valide.',
  );
  await page.getByLabel('Demandes spéciales').fill('Livraison au parking souterrain, niveau -1.');
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(form.getByRole('combobox', { name: 'Pays de délivrance du permis' })).toHaveValue(
    'BE',
  );
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  // Step 3: the demonstration card form; paying needs the terms.
  const payment = page.getByRole('region', { name: 'Paiement sécurisé' });
  await expect(payment).toContainText('Mode démonstration');
  await expect(payment).toContainText(euros(quote.totalCents));
  for (const outcome of ['Paiement accepté', 'Carte refusée', 'Authentification 3-D Secure']) {
    await expect(payment.getByRole('button', { name: outcome })).toBeVisible();
  }
  await expect(page.getByLabel('Numéro de carte')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('Numéro de carte')).toHaveAttribute('autocomplete', 'cc-number');
  const pay = page.getByRole('button', { name: 'Payer et réserver' });
  await expect(pay).toBeDisabled();
  for (const [name, href] of [
    ['conditions générales de location', '/conditions'],
    ['politique de confidentialité', '/politique-confidentialite'],
  ] as const) {
    const link = payment.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
  }
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Cryptogramme (CVC)').press('Enter');
  await expectToast(
    page,
    'Conditions non acceptées',
    'Veuillez accepter les conditions générales pour continuer.',
  );
  await terms(page).check();
  await expect(pay).toBeEnabled();
  await pay.click();

  await expectConfirmed(page);
  // The two steps are said once, in the checklist, then the deposit that follows them.
  await expect(
    page.getByRole('heading', { name: 'Avant la livraison', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /la caution$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prochaines étapes' })).toHaveCount(0);
  await expect(page.getByText('Porsche Panamera', { exact: true })).toBeVisible();
  await expect(page.getByText(euros(quote.totalCents))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accéder à mon profil' })).toHaveAttribute(
    'href',
    '/profil',
  );
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('checkoutState'),
      sessionStorage.getItem('bookingData'),
    ]),
  ).toEqual([null, null]);
});

test('a refused card keeps the booking; a good card then confirms it @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  // Account, funnel and payment: a long journey on a shared 2-core machine.
  test.slow();
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await openCheckout(page, period(testInfo, 1));

  // The server's rental conditions come back to step 1 with its message.
  await fillDriver(page, { 'Date de naissance': '2010-01-01' });
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await terms(page).check();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Payer et réserver' }).click();
  await expectToast(page, 'Conditions de location non remplies', 'au moins 25 ans');
  await expect(driverForm(page)).toBeVisible();

  await reachPayment(page);
  await terms(page).check();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Payer et réserver' }).click();
  await expectToast(page, 'Erreur de paiement', 'Votre carte a été refusée.');
  const confirm = page.getByRole('button', { name: 'Confirmer le paiement' });
  await expect(confirm).toBeEnabled();
  await expect(page.getByRole('timer')).toHaveText(/Véhicule réservé pour vous pendant 1[45]\smin/);
  await expect(page).toHaveURL(/\/checkout$/);

  // The booking is kept: going back shows what was sent, read-only.
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page.getByLabel('Code promo')).toBeDisabled();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page.getByLabel('Numéro de carte')).toHaveValue('4242 4242 4242 4242');
  await terms(page).check();
  await confirm.click();
  await expectConfirmed(page);
});

test('3-D Secure: a refusal comes back to checkout, an approval confirms @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  // Account, funnel and payment: a long journey on a shared 2-core machine.
  test.slow();
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await openCheckout(page, period(testInfo, 2));
  await reachPayment(page);
  await terms(page).check();
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Payer et réserver' }).click();

  await expect(page).toHaveURL(/\/paiement\/3ds\/pi_sbx_[0-9a-f]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirmez votre paiement' }),
  ).toBeVisible();
  await expect(page.getByText('Mode démonstration', { exact: true })).toBeVisible();
  await expect(page.getByText('•••• 3184')).toBeVisible();
  await expect(page.getByRole('main').getByText(/\d,\d{2}\s€/)).toBeVisible();
  await page.getByRole('button', { name: 'Refuser' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expectToast(
    page,
    'Erreur de paiement',
    'L’authentification 3-D Secure a échoué. Aucun montant n’a été débité.',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement sécurisé' })).toBeVisible();
  await terms(page).check();
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Confirmer le paiement' }).click();
  await expect(page).toHaveURL(/\/paiement\/3ds\//);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expectConfirmed(page);
});

test('a first checkout keeps the driver in the profile, and the next checkout is prefilled whole @any-width', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  await openCheckout(page, period(testInfo, 4));
  const keep = page.getByRole('checkbox', { name: /Enregistrer ces informations dans mon profil/ });
  await expect(keep).toHaveCount(0);
  await fillDriver(page);
  await expect(keep).toBeChecked();
  await reachPayment(page);
  await terms(page).check();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Payer et réserver' }).click();
  await expectConfirmed(page);

  await page.goto('/profil');
  const profile = page.getByRole('form', { name: 'Informations personnelles' });
  await expect(profile.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue(
    'Camille',
  );
  await expect(profile.getByRole('textbox', { name: 'Ville', exact: true })).toHaveValue('Paris');

  // The team's users list names the customer from that first checkout.
  const teamContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const team = waitForAppOnNavigation(await teamContext.newPage());
  await signInAsAdmin(team, baseURL!);
  const user = await consoleUser(team, account.email);
  await expect(user).toContainText('Camille Lefèvre');
  await expect(user).toContainText('+33 6 11 22 33 44');
  await expect(user).not.toContainText('Non renseigné');
  await teamContext.close();

  await openCheckout(page, period(testInfo, 5));
  const driver = driverForm(page);
  await expect(driver.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Lefèvre');
  await expect(driver.getByRole('textbox', { name: 'Numéro de permis', exact: true })).toHaveValue(
    '12AB34567',
  );
  await expect(
    driver.getByRole('textbox', { name: 'Date d’obtention du permis', exact: true }),
  ).toHaveValue('2005-09-01');
  await expect(keep).toHaveCount(0);
  await driver.getByRole('textbox', { name: 'Ville', exact: true }).fill('Lyon');
  await expect(keep).toBeChecked();
});

test('signed out, checkout sends to sign-in and comes back with the rental @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  await page.context().clearCookies();

  await openCheckout(page, period(testInfo, 3), false);
  await expect(page).toHaveURL(/\/auth$/);
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(account.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finaliser votre réservation' }),
  ).toBeInViewport();
  // At the top of the page once the smooth scroll has settled (the focus moved to the title may
  // nudge it by a few pixels).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(40);
  const recap = page.getByRole('region', { name: 'Votre réservation' });
  await expect(recap).toContainText('Porsche Panamera');
  await expect(recap).toContainText(ADDRESS);
  await expect(driverForm(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
    account.email,
  );
});

test('opened again, checkout shows its frame before the app runs, then the rental in it @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await openCheckout(page, period(testInfo, 6));
  const redrawn: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('rendered again')) redrawn.push(message.text());
  });
  const letAppIn = await openBeforeTheApp(page, new URL('/checkout', baseURL).href);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finaliser votre réservation' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Informations du conducteur principal' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();

  await letAppIn();
  await expect(page.getByRole('region', { name: 'Votre réservation' })).toContainText(
    'Porsche Panamera',
  );
  await expect(
    driverForm(page).getByRole('textbox', { name: 'Prénom', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au véhicule' })).toHaveAttribute(
    'href',
    new RegExp(`^/vehicule/${SLUG}`),
  );
  // The browser adopted the server's frame as it was: no page drawn again.
  expect(redrawn).toEqual([]);
});

test('checkout without the rental state goes to the fleet @any-width', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/flotte$/);
});

test('the confirmation page needs its payment_intent @any-width', async ({ page }) => {
  await page.goto('/confirmation');
  await expect(page).toHaveURL(/\/$/);
});

test('the 3-D Secure page without its client secret says so and links to the profile @any-width', async ({
  page,
}) => {
  await page.goto('/paiement/3ds/pi_sbx_0123456789abcdef');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authentification impossible' }),
  ).toBeVisible();
  await expect(page.getByText('Aucun montant n’a été débité.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accéder à mon profil' })).toHaveAttribute(
    'href',
    '/profil',
  );
});

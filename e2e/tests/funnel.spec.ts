import { expect, test, type Page } from '../support/test';
import { isoDateTime } from '../support/dates';
import { expectToast } from '../support/toast';

const ADDRESS = '10 rue de Rivoli, 75001 Paris';
const START = isoDateTime(70);
const END = isoDateTime(73);
/**
 * Rental days: the time between start and end in days, rounded up (a DST change makes it 71 or 73
 * h).
 */
const DAYS = Math.max(1, Math.ceil((Date.parse(END) - Date.parse(START)) / 86_400_000));

const vehicleUrl = (slug: string) =>
  `/vehicule/${slug}?${new URLSearchParams({
    address: ADDRESS,
    start: START,
    end: END,
    deliveryFee: '0',
  }).toString()}`;

/** An amount as fr-FR writes it, whatever grouping space the browser uses: 89260 → 892,60 €. */
function euros(cents: number): string {
  const [whole = '0', decimals = '00'] = (cents / 100).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')},${decimals}\\s€`;
}
const totalOf = (cents: number) => new RegExp(`Total TTC\\s*${euros(cents)}`);

interface StoredDraft {
  vehicleSlug: string;
  deliveryAddress: string;
  deliveryFeeCents: number;
  startDate: string;
  endDate: string;
  withDriver: boolean;
  unlimitedKm: boolean;
  protection?: string;
  options?: string[];
}

const readDraft = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('bookingData') ?? 'null') as StoredDraft | null,
  );

/** Puts a booking draft in the tab's session storage, as 'Réserver maintenant' would. */
async function seedDraft(page: Page, draft: Partial<StoredDraft>) {
  await page.goto('/conditions');
  await page.evaluate((value) => sessionStorage.setItem('bookingData', JSON.stringify(value)), {
    vehicleSlug: 'porsche-panamera',
    deliveryAddress: ADDRESS,
    deliveryFeeCents: 0,
    startDate: START,
    endDate: END,
    withDriver: false,
    unlimitedKm: false,
    ...draft,
  });
}

const progress = (page: Page) => page.getByRole('navigation', { name: 'Étapes de la réservation' });
const details = (page: Page, subject: string) =>
  page.getByRole('button', { name: `Détails : ${subject}` });

async function expectNoHorizontalScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('from the vehicle page to checkout: protection, options and the state handed to payment', async ({
  page,
}) => {
  // Three steps and a dozen checks on each.
  test.slow();
  await page.goto(vehicleUrl('porsche-panamera'));
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();

  // Step 2: protection.
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\/protection$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choisissez votre protection' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Choisissez votre protection/);
  await expect(progress(page).getByRole('listitem')).toHaveText([
    /Véhicule/,
    /Protection/,
    /Options/,
    /Paiement/,
  ]);
  await expect(progress(page).locator('[aria-current="step"]')).toHaveText(/Protection/);
  await expect(progress(page).getByRole('listitem').first()).toContainText('terminée');
  const { deliveryFeeCents: deliveryCents } = (await readDraft(page))!;

  const radios = page.getByRole('radiogroup', { name: 'Formule de protection' }).getByRole('radio');
  await expect(radios).toHaveCount(4);
  await expect(page.getByRole('radio', { name: 'Aucune protection' })).toBeChecked();
  await expect(page.getByRole('note')).toContainText(
    'tous les conducteurs doivent être titulaires du permis depuis au moins 2 ans',
  );
  const summary = page.getByRole('region', { name: 'Votre location' });
  await expect(summary).toContainText('Porsche Panamera');
  await expect(summary).toContainText(ADDRESS);
  await expect(summary).toContainText(totalOf(DAYS * 24_900 + deliveryCents));

  const complete = page.getByRole('radio', { name: 'Protection Complète' });
  await complete.check();
  await expect(complete).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Aucune protection' })).not.toBeChecked();
  const completeCard = page.getByRole('listitem').filter({ has: complete });
  await expect(completeCard).toContainText(/28,87\s€/);
  await expect(completeCard).toContainText(/Au lieu de\s*51,55\s€/);
  await expect(completeCard).toContainText('-44%');
  await expect(completeCard).toContainText('Aucune franchise');
  await expect(summary).toContainText(totalOf(DAYS * (24_900 + 2_887) + deliveryCents));

  // Only one plan's details are open at a time.
  await expect(page.getByText('Bris de glace, pneus et jantes inclus')).toBeHidden();
  await details(page, 'Protection Complète').click();
  await expect(details(page, 'Protection Complète')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Bris de glace, pneus et jantes inclus')).toBeVisible();
  await details(page, 'Protection Basique').click();
  await expect(details(page, 'Protection Basique')).toHaveAttribute('aria-expanded', 'true');
  await expect(details(page, 'Protection Complète')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Bris de glace, pneus et jantes inclus')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Détails/, expanded: true })).toHaveCount(1);
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Continuer', exact: true }).click();

  // Step 3: options.
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\/options$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Options supplémentaires' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Options supplémentaires/);
  await expect(progress(page).locator('[aria-current="step"]')).toHaveText(/Options/);
  expect((await readDraft(page))?.protection).toBe('complete');

  const switches = page.getByRole('switch');
  await expect(switches).toHaveCount(7);
  const babySeat = page.getByRole('switch', { name: 'Siège bébé' });
  const booster = page.getByRole('switch', { name: 'Rehausseur' });
  await expect(babySeat).not.toBeChecked();
  await babySeat.click();
  await booster.click();
  await expect(babySeat).toBeChecked();
  await expect(booster).toBeChecked();
  const boosterRow = page.getByRole('listitem').filter({ has: booster });
  await expect(boosterRow).toContainText(/10,99\s€\s*par unité/);
  await expect(page.getByRole('listitem').filter({ has: babySeat })).toContainText(
    /16,00\s€\s*par jour/,
  );

  const boosterText = 'Rehausseur avec dossier pour les enfants de 15 à 36 kg, facturé une fois.';
  await expect(page.getByText(boosterText)).toBeHidden();
  await details(page, 'Rehausseur').click();
  await expect(page.getByText(boosterText)).toBeVisible();

  const preview = page.getByRole('region', { name: 'Récapitulatif de la réservation' });
  const expectedCents = DAYS * (24_900 + 2_887 + 1_600) + 1_099 + deliveryCents;
  await expect(preview).toContainText('Porsche Panamera');
  await expect(preview).toContainText('Protection Complète');
  await expect(preview).toContainText('Siège bébé');
  await expect(preview).toContainText('Rehausseur');
  await expect(preview).toContainText(totalOf(expectedCents));
  await expect(preview).toContainText(/3\s?500,00\s€/);
  for (const line of [
    'Annulation gratuite jusqu’à 48 h avant le départ',
    'Caution par empreinte bancaire, jamais débitée',
    'Assistance 24h/24, 7j/7',
  ]) {
    await expect(preview).toContainText(line);
  }
  await expectNoHorizontalScroll(page);

  // Back keeps both choices.
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\/protection$/);
  await expect(page.getByRole('radio', { name: 'Protection Complète' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Aucune protection' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page).toHaveURL(/\/options$/);
  await expect(babySeat).toBeChecked();
  await expect(booster).toBeChecked();
  await expect(page.getByRole('switch', { checked: true })).toHaveCount(2);
  await expect(preview).toContainText(totalOf(expectedCents));

  // /checkout is the next step's page, which may move on at once (a signed-out visitor goes to
  // /auth): read history.state.usr right when the options page pushes /checkout.
  await page.evaluate(() => {
    const push = history.pushState.bind(history);
    history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
      push(data, unused, url);
      if (location.pathname === '/checkout') {
        (window as unknown as { pushedCheckout?: unknown }).pushedCheckout = (
          window.history.state as { usr?: unknown } | null
        )?.usr;
      }
    };
  });
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { pushedCheckout?: unknown }).pushedCheckout),
    )
    .toBeTruthy();
  const state = await page.evaluate(
    () => (window as unknown as { pushedCheckout?: unknown }).pushedCheckout,
  );
  expect(state).toEqual({
    vehicleSlug: 'porsche-panamera',
    deliveryAddress: ADDRESS,
    deliveryFeeCents: deliveryCents,
    // Collected where it is delivered: no other return address, no collection fee.
    returnAddress: '',
    returnFeeCents: 0,
    startDate: START,
    endDate: END,
    withDriver: false,
    unlimitedKm: false,
    protection: 'complete',
    options: ['baby_seat', 'booster_seat'],
  });
  expect(await readDraft(page)).toMatchObject({
    protection: 'complete',
    options: ['baby_seat', 'booster_seat'],
  });
});

test('the protection and options steps work with the keyboard @any-width', async ({ page }) => {
  await seedDraft(page, {});
  await page.goto('/vehicule/porsche-panamera/protection');
  const none = page.getByRole('radio', { name: 'Aucune protection' });
  await expect(none).toBeChecked();
  await none.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'Protection Basique' })).toBeChecked();
  await details(page, 'Protection Basique').focus();
  await page.keyboard.press('Enter');
  await expect(details(page, 'Protection Basique')).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Continuer', exact: true }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/options$/);
  const chains = page.getByRole('switch', { name: 'Chaînes à neige' });
  await chains.focus();
  await page.keyboard.press('Space');
  await expect(chains).toBeChecked();
  await expect(page.getByRole('region', { name: 'Récapitulatif de la réservation' })).toContainText(
    totalOf(DAYS * (24_900 + 423 + 1_500)),
  );
});

test('the protection step without booking data sends the customer back to the vehicle @any-width', async ({
  page,
}) => {
  await page.goto('/vehicule/porsche-panamera/protection');
  await expectToast(
    page,
    'Données manquantes',
    'Veuillez commencer par renseigner les informations de base.',
  );
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeVisible();
});

test('a draft for another vehicle, or without dates, is not enough for the protection step @any-width', async ({
  page,
}) => {
  await seedDraft(page, { vehicleSlug: 'audi-a4' });
  await page.goto('/vehicule/porsche-panamera/protection');
  await expectToast(
    page,
    'Données manquantes',
    'Veuillez commencer par renseigner les informations de base.',
  );
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera$/);

  await seedDraft(page, { endDate: '' });
  await page.goto('/vehicule/porsche-panamera/protection');
  await expectToast(
    page,
    'Données manquantes',
    'Veuillez commencer par renseigner les informations de base.',
  );
  // What the draft knew comes back in the vehicle page's query.
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera\?address=10\+rue\+de\+Rivoli/);
  await expect(page.getByRole('combobox', { name: 'Adresse de livraison' })).toHaveValue(ADDRESS);
});

test('the options step without a chosen protection asks to complete the previous steps @any-width', async ({
  page,
}) => {
  await seedDraft(page, {});
  await page.goto('/vehicule/porsche-panamera/options');
  await expectToast(page, 'Données manquantes', 'Veuillez compléter les étapes précédentes.');
  await expect(page).toHaveURL(/\/vehicule\/porsche-panamera(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
});

test('an unknown vehicle renders no protection selector @any-width', async ({ page }) => {
  await seedDraft(page, { vehicleSlug: 'batmobile' });
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/vehicles/batmobile'),
  );
  await page.goto('/vehicule/batmobile/protection');
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('main')).toBeEmpty();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page).toHaveURL(/\/vehicule\/batmobile\/protection$/);
});

test('both steps fit a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await seedDraft(page, {
    protection: 'intermediate',
    options: ['additional_driver'],
  });
  await page.goto('/vehicule/porsche-panamera/protection');
  await expect(page.getByRole('radio', { name: 'Protection Intermédiaire' })).toBeChecked();
  await details(page, 'Protection Intermédiaire').click();
  await expect(progress(page)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Conducteur additionnel' })).toBeChecked();
  await details(page, 'Conducteur additionnel').click();
  await expectNoHorizontalScroll(page);
});

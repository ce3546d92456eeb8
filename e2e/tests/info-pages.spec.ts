import { expect, test } from '../support/test';

test('how it works: six steps, four important-information cards and the fleet call to action @any-width', async ({
  page,
}) => {
  await page.goto('/comment-ca-marche');
  await expect(page).toHaveTitle(/Comment ça marche/);
  const steps = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: /Étape \d/ });
  await expect(steps).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Informations importantes' })).toBeVisible();
  for (const card of [
    'Caution et assurance',
    'Zones de livraison',
    'Assistance 24h/24, 7j/7',
    'Conditions de location',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Découvrir la flotte' })).toHaveAttribute(
    'href',
    '/flotte',
  );
});

test('rental terms state the age, licence, deposit, delivery, mileage and cancellation rules @any-width', async ({
  page,
}) => {
  await page.goto('/conditions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Conditions générales de location' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const fact of [
    '25 ans',
    '30 ans',
    '2 ans',
    '5 ans',
    'Île-de-France',
    '20 €',
    '0,47 €',
    '48 h',
  ]) {
    await expect(main).toContainText(fact);
  }
});

test('privacy policy covers the data, purposes, retention and rights @any-width', async ({
  page,
}) => {
  await page.goto('/politique-confidentialite');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const fact of ['Responsable du traitement', 'CNIL', 'portabilité', 'Vroum Prestige SAS']) {
    await expect(main).toContainText(fact);
  }
});

test('home shows how it works, why us and three testimonials @any-width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trois étapes, zéro contrainte' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Avec ou sans chauffeur', exact: true }),
  ).toBeVisible();
  const testimonials = page
    .locator('figure')
    .filter({ has: page.getByRole('img', { name: /Note/ }) });
  await expect(testimonials).toHaveCount(3);
  await expect(testimonials.filter({ hasText: 'Client vérifié' })).toHaveCount(2);
  await expect(page.getByText('Réponse de l’équipe')).toBeVisible();
});

test('French typography: punctuation and units keep to their word, amounts group thousands visibly in lining figures @any-width', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/comment-ca-marche',
    '/conditions',
    '/politique-confidentialite',
    '/vehicule/porsche-panamera',
  ]) {
    await page.goto(path);
    const text = await page.getByRole('main').innerText();
    // An ordinary space before ':', ';', '!' or '?' lets a line start with the sign.
    expect(text.match(/\S [:;!?](?=\s|$)/g), path).toBeNull();
    expect(text.match(/\d \d{3}(?!\d)|\d (€|%|h|km)(?![\p{L}\d])/gu), path).toBeNull();
  }

  await page.goto('/flotte?category=supercars');
  const price = page
    .getByRole('article')
    .filter({ hasText: 'Ferrari F8 Spider' })
    .getByText(/\d\s\d{3}\s€/)
    .first();
  const amount = await price.innerText();
  // The narrow no-break space of fr-FR has no width in the body font: a no-break space has.
  expect(amount).toMatch(/\d\u00a0\d{3}\u00a0€/);
  expect(await price.evaluate((node) => getComputedStyle(node).fontVariantNumeric)).toContain(
    'lining-nums',
  );
});

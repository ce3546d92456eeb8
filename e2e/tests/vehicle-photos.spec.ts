import sharp from 'sharp';
import { expect, test, type Locator } from '../support/test';
import { signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectToast } from '../support/toast';

/** A real JPEG made for the test: a gradient between two colours, as a camera would send it. */
async function photoFile(name: string, colors: [string, string]) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="${colors[0]}"/>` +
    `<stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The photo an image shows, by the id in the address the browser chose among the variants. */
async function photoIdOf(image: Locator): Promise<string> {
  await expect(image).toHaveJSProperty('complete', true);
  const source = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  const id = /\/vehicle-photos\/([0-9a-f-]{36})\//.exec(source)?.[1];
  expect(id, source).toBeTruthy();
  return id!;
}

test('an administrator uploads two photos, makes the second the main one, and the vehicle page and its card show it first @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // the server makes the variants of two photos
  const name = `Aston Martin DB12 ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAsAdmin(page, baseURL!);
  const created = await page.request.post('/api/v1/admin/vehicles', {
    headers: { origin: baseURL! },
    data: {
      name,
      category: 'Luxe',
      pricePerDayCents: 129_900,
      depositCents: 1_000_000,
      imageUrl: '/images/vehicles/porsche-panamera.svg',
    },
  });
  expect(created.ok()).toBe(true);
  const { id: vehicleId, slug } = (await created.json()) as { id: string; slug: string };

  await page.goto('/admin');
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le véhicule' });
  await expect(
    dialog.getByText('Aucune photo : l’illustration du véhicule est affichée'),
  ).toBeVisible();
  await dialog
    .getByLabel('Ajouter des photos')
    .setInputFiles([
      await photoFile('face-avant.jpg', ['#0b1f3a', '#c9a227']),
      await photoFile('profil.jpg', ['#7a0019', '#f2f2f2']),
    ]);
  await expectToast(page, 'Succès', '2 photos ajoutées');
  const photos = dialog.getByRole('list', { name: 'Photos du véhicule' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  const first = photos.getByRole('listitem', { name: 'Photo 1 (principale)' });
  const second = photos.getByRole('listitem', { name: 'Photo 2' });
  const firstId = await photoIdOf(first.getByRole('img'));
  const secondId = await photoIdOf(second.getByRole('img'));
  expect(secondId).not.toBe(firstId);

  await second.getByRole('button', { name: 'Définir comme principale' }).click();
  await expectToast(page, 'Succès', 'Photo principale enregistrée');
  await expect
    .poll(() =>
      photoIdOf(photos.getByRole('listitem', { name: 'Photo 1 (principale)' }).getByRole('img')),
    )
    .toBe(secondId);
  await expectNoAxeViolations(page, 'the vehicle dialog with its photos');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // The vehicle page: the gallery opens on the main photo, the other one next.
  await page.goto(`/vehicule/${slug}`);
  const gallery = page.getByRole('region', { name: `Photos : ${name}` });
  const mainPhoto = gallery.getByRole('img', { name: `${name}, photo 1 sur 2` });
  await expect(mainPhoto).toBeInViewport();
  expect(await photoIdOf(mainPhoto)).toBe(secondId);
  // The browser picks a modern format among the sources, at a width made for the screen.
  expect(await mainPhoto.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    /\/(480|960|1600)\.(avif|webp)$/,
  );
  await expectNoAxeViolations(page, 'the vehicle page with its gallery');
  const otherPhoto = gallery.getByRole('img', { name: `${name}, photo 2 sur 2` });
  await expect(otherPhoto).not.toBeInViewport();
  await gallery.getByRole('button', { name: 'Photo suivante' }).click();
  await expect(otherPhoto).toBeInViewport();
  expect(await photoIdOf(otherPhoto)).toBe(firstId);
  await expect(gallery.getByRole('button', { name: 'Photo suivante' })).toBeDisabled();
  // With the keyboard: the focused strip slides from photo to photo with the arrow keys.
  await gallery.getByRole('button', { name: 'Photo précédente' }).click();
  await expect(mainPhoto).toBeInViewport();
  await gallery.getByRole('list', { name: 'Photos, à faire défiler' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(otherPhoto).toBeInViewport();

  if (testInfo.project.name === 'desktop') {
    // Thumbnails on a wide screen; on a phone the photos are swiped.
    const thumbnail = gallery.getByRole('button', { name: 'Afficher la photo 1 sur 2' });
    await thumbnail.click();
    await expect(thumbnail).toHaveAttribute('aria-current', 'true');
    await expect(mainPhoto).toBeInViewport();
  }

  // The fleet's card shows the main photo.
  await page.goto('/flotte?category=luxe');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name }) });
  await card.scrollIntoViewIfNeeded();
  expect(await photoIdOf(card.locator('picture img'))).toBe(secondId);

  // The other journeys share this database and count the seeded fleet: the car goes, photos too.
  const deleted = await page.request.delete(`/api/v1/admin/vehicles/${vehicleId}`, {
    headers: { origin: baseURL! },
  });
  expect(deleted.ok()).toBe(true);
});

test('a vehicle without photos keeps its illustration on its page @any-width', async ({ page }) => {
  await page.goto('/vehicule/toyota-yaris');
  const illustration = page.getByRole('img', { name: 'Toyota Yaris' });
  await expect(illustration).toBeVisible();
  await expect(illustration).toHaveAttribute('src', /\/images\/vehicles\/.+\.svg$/);
  await expect(page.getByRole('region', { name: /^Photos/ })).toHaveCount(0);
});

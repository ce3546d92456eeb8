import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  latestCode,
  signInAsDemoAdmin,
} from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { scanPdf } from '../support/rental-steps';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: scanPdf(name) });

async function sendIdentity(page: Page, withSelfie: boolean) {
  await page
    .getByLabel('Pièce d’identité', { exact: true })
    .setInputFiles(pdf('carte-identite.pdf'));
  await expect(page.getByText('Reçu : carte-identite.pdf')).toBeVisible();
  await page.getByLabel('Permis de conduire — recto').setInputFiles(pdf('permis-recto.pdf'));
  await expect(page.getByText('Reçu : permis-recto.pdf')).toBeVisible();
  await page.getByLabel('Permis de conduire — verso').setInputFiles(pdf('permis-verso.pdf'));
  await expect(page.getByText('Reçu : permis-verso.pdf')).toBeVisible();
  if (withSelfie) {
    await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
    await page.getByRole('button', { name: 'Prendre la photo' }).click();
    await expect(page.getByText('Reçu : selfie.png')).toBeVisible();
  }
  await page.getByLabel('Numéro du permis').fill('12AB34567');
  await page.getByLabel('Date d’obtention du permis').fill('2005-06-01');
  await page.getByLabel('Expiration de la pièce d’identité').fill('2034-01-01');
  await page.getByRole('button', { name: 'Envoyer pour vérification' }).click();
  await expect(page.getByText('En cours de vérification')).toBeVisible();
}

/** The administrator's console in its own browser, the identity queue opened. */
async function openReviewQueue(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } | null,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'fr-FR' });
  await signInAsDemoAdmin(context.request, baseURL);
  const office = waitForAppOnNavigation(await context.newPage());
  await office.goto('/admin?tab=utilisateurs');
  await office.getByRole('button', { name: /Vérifications d’identité \(\d+ en attente\)/ }).click();
  return office;
}

test('after payment, the customer has their identity checked and signs the contract', async ({
  page,
  baseURL,
  browser,
  viewport,
}, testInfo) => {
  // Payment, two identity checks, a refusal and the signature: over 20 s alone, and 60–90 s on a
  // loaded 2-core machine.
  test.setTimeout(180_000);
  // A retry (or a repeat) books a few days later: the first attempt’s booking still holds its dates.
  const day =
    (testInfo.project.name === 'phone' ? 260 : 240) +
    (testInfo.retry + testInfo.repeatEachIndex) * 5;
  await page.context().grantPermissions(['camera']);
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const start = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'porsche-panamera',
    day,
  });
  await payBooking(page.request, baseURL!, start);

  await page.goto(`/reservation/${start.bookingId}`);
  const steps = page.getByRole('region', { name: 'Étapes avant la livraison' });
  await expect(steps.getByRole('heading', { name: 'Vérification d’identité' })).toBeVisible();
  await expect(steps.getByRole('heading', { name: 'Signature du contrat' })).toBeVisible();
  await expect(steps.getByText('À faire')).toHaveCount(2);

  await steps.getByRole('link', { name: 'Vérifier mon identité' }).click();
  await expect(page.getByRole('heading', { name: 'Vérification d’identité' })).toBeVisible();
  await sendIdentity(page, true);

  // The team refuses, from the console's Utilisateurs tab, on a phone-sized screen as well.
  const office = await openReviewQueue(browser, baseURL!, viewport);
  const item = office.getByRole('article', { name: account.email });
  await expect(item.getByText('Conforme').first()).toBeVisible();
  await item.getByRole('button', { name: 'Refuser' }).click();
  await item.getByLabel('Motif').selectOption({ label: 'Document illisible ou incomplet' });
  await item.getByLabel('Précisions (facultatif)').fill('Le verso du permis est flou');
  await item.getByRole('button', { name: 'Confirmer le refus' }).click();
  await expect(item).toBeHidden();
  await page.reload();
  await expect(page.getByText('Refusé')).toBeVisible();
  await expect(
    page.getByText('Document illisible ou incomplet : Le verso du permis est flou'),
  ).toBeVisible();
  await page.goto('/profil');
  await expect(page.getByText('Documents à renvoyer').first()).toBeVisible();

  // Sent again, then validated.
  await page.goto(`/reservation/${start.bookingId}/identite`);
  await sendIdentity(page, false);
  await office.reload();
  await office.getByRole('button', { name: /Vérifications d’identité/ }).click();
  const second = office.getByRole('article', { name: account.email });
  await second.getByRole('button', { name: 'Valider' }).click();
  await expect(second).toBeHidden();
  await office.context().close();
  await page.reload();
  await expect(steps.getByText('Terminé')).toBeVisible();

  // The contract: read, consent, e-mailed code, drawn signature.
  await steps.getByRole('link', { name: 'Lire et signer le contrat' }).click();
  await expect(page.getByRole('heading', { name: 'Contrat de location' })).toBeVisible();
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte le contrat/ }).check();
  await page.getByRole('button', { name: 'Recevoir le code par e-mail' }).click();
  const code = await latestCode(admin, account.email, 'contract-code');
  await page.getByLabel('Code reçu par e-mail').fill(code);
  const pad = page.getByRole('img', { name: /Zone de signature/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 8 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 20, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(page.locator('#contenu').getByText(/^Contrat signé le /)).toBeVisible();
  // Signed, the page offers the signed copy alone, in the words of a signed contract.
  await expect(page.getByRole('link', { name: 'Lire le contrat (PDF)' })).toHaveCount(0);
  await expect(page.getByText(/Lisez-le avant de signer/)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le contrat signé' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto(`/reservation/${start.bookingId}`);
  await expect(steps.getByText('Terminé')).toHaveCount(2);
  const seen = (await (await admin.get(`/api/v1/bookings/${start.bookingId}/steps`)).json()) as {
    ready: boolean;
  };
  expect(seen.ready).toBe(true);
});

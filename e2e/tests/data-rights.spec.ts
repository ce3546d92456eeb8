import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount, uniqueEmail } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { expectNoAxeViolations } from '../support/axe';
import { expectToast } from '../support/toast';

test('the customer downloads their data, then deletes the account and can no longer sign in', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // an account made through the demo outbox, a ZIP read, a page checked by axe
  const account = await createVerifiedAccount(
    page.request,
    await adminRequest(baseURL!),
    uniqueEmail('donnees'),
  );
  await page.goto('/profil');
  const rights = page.getByRole('region', { name: 'Mes données' });
  await rights.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('data-rights.png') });

  // The export: a ZIP of JSON files, opened here.
  const downloading = page.waitForEvent('download');
  await rights.getByRole('link', { name: 'Télécharger mes données' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['LISEZMOI.txt', 'compte.json', 'reservations.json', 'messages.json']),
  );
  const compte = JSON.parse(strFromU8(files['compte.json']!)) as {
    account: { email: string }[];
  };
  expect(compte.account).toEqual([expect.objectContaining({ email: account.email })]);
  const { notifications } = JSON.parse(strFromU8(files['notifications.json']!)) as {
    notifications: { title: string }[];
  };
  expect(notifications.length).toBeGreaterThan(0);

  // The deletion: the password and the box, in a dialog.
  await rights.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'account deletion dialog');
  await page.screenshot({ path: testInfo.outputPath('deletion-dialog.png') });
  const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await dialog.getByLabel('Mot de passe actuel').fill(account.password);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Je comprends que la suppression de mon compte est définitive.').check();
  await confirm.click();
  await expectToast(page, 'Compte supprimé', 'Un e-mail vous confirme la suppression.');
  await expect(page).toHaveURL(/\/$/);

  // Signing in again fails.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Connexion' }).click();
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(account.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expectToast(page, 'Erreur de connexion', 'Email ou mot de passe incorrect');
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the deletion is refused in French while a rental is to come @any-width', async ({
  page,
  baseURL,
}) => {
  const account = await createVerifiedAccount(
    page.request,
    await adminRequest(baseURL!),
    uniqueEmail('donnees-refus'),
  );
  // A paid rental to come, far from the other tests' dates.
  const start = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'audi-a4',
    day: 320 + Math.floor(Math.random() * 40),
  });
  await payBooking(page.request, baseURL!, start);
  await page.goto('/profil');
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await dialog.getByLabel('Mot de passe actuel').fill(account.password);
  await dialog.getByLabel('Je comprends que la suppression de mon compte est définitive.').check();
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expectToast(page, 'Suppression impossible', 'une location est à venir ou en cours');
  await expect(dialog).toBeVisible();
});

import { expect, test, type Page } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  latestCode,
  signOutAnswered,
  uniqueEmail,
} from '../support/accounts';
import { expectToast } from '../support/toast';

test.describe.configure({ mode: 'serial' });

async function openAuth(page: Page, tab: 'Connexion' | 'Inscription') {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('sign-up asks for the mailed code, refuses a wrong one, resends, then opens the profile @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  const email = uniqueEmail('inscription');
  await openAuth(page, 'Inscription');
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByLabel('Confirmez le mot de passe').fill('secret-124');
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expectToast(page, "Erreur d'inscription", 'Les mots de passe ne correspondent pas');

  await form.getByLabel('Mot de passe', { exact: true }).fill('12345');
  await form.getByLabel('Confirmez le mot de passe').fill('12345');
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expectToast(
    page,
    "Erreur d'inscription",
    'Le mot de passe doit contenir au moins 6 caractères',
  );

  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByLabel('Confirmez le mot de passe').fill('secret-123');
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expectToast(
    page,
    'Vérification requise',
    'Un email de vérification personnalisé a été envoyé. Vérifiez votre boîte mail.',
  );

  const code = page.getByLabel('Code de vérification');
  const verify = page.getByRole('button', { name: 'Vérifier' });
  await code.fill('12345');
  await expect(verify).toBeDisabled();
  await code.fill('000000');
  await expect(verify).toBeEnabled();
  await verify.click();
  await expectToast(page, 'Erreur de vérification', 'Code invalide ou expiré');

  await page.getByRole('button', { name: 'Renvoyer le code' }).click();
  await expectToast(page, 'Code renvoyé', 'Un nouveau code a été envoyé à votre email');
  await code.fill(await latestCode(admin, email));
  await verify.click();
  await expectToast(
    page,
    'Email vérifié',
    'Votre compte est maintenant actif ! Consultez vos emails pour les prochaines étapes.',
  );
  await expect(page).toHaveURL(/\/profil$/);
  await expect(page.getByRole('heading', { name: 'Mon Profil' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('En attente de validation')).toBeVisible();
});

test('the verification view has a way back to the form @any-width', async ({ page }) => {
  await openAuth(page, 'Inscription');
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Adresse e-mail').fill(uniqueEmail('retour'));
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByLabel('Confirmez le mot de passe').fill('secret-123');
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page.getByRole('tab', { name: 'Inscription' })).toBeVisible();
});

test('an already used e-mail gets the SPEC message @any-width', async ({ page, baseURL }) => {
  const admin = await adminRequest(baseURL!);
  const { email } = await createVerifiedAccount(page.request, admin);
  await page.context().clearCookies();
  await openAuth(page, 'Inscription');
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByLabel('Confirmez le mot de passe').fill('secret-123');
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expectToast(page, "Erreur d'inscription", 'Cet email est déjà utilisé');
});

test('sign-in maps wrong credentials, welcomes, switches the menu, and sign-out goes home', async ({
  page,
  baseURL,
  viewport,
}) => {
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  await page.context().clearCookies();

  await openAuth(page, 'Connexion');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(account.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expectToast(page, 'Erreur de connexion', 'Email ou mot de passe incorrect');

  await form.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expectToast(page, 'Connexion réussie', 'Bienvenue !');
  await expect(page).toHaveURL(/\/profil$/);

  if ((viewport?.width ?? 1440) < 1280)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute(
    'href',
    '/profil',
  );
  const ended = signOutAnswered(page);
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await ended;
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the profile form requires every field and saves them @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await page.goto('/profil');
  const form = page.getByRole('form', { name: 'Informations personnelles' });
  await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Camille');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre');
  await form.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('+33 6 11 22 33 44');
  await form.getByRole('textbox', { name: 'Date de naissance', exact: true }).fill('1985-06-15');
  await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('8 rue de la Paix');
  await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('75002');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
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
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Profil mis à jour');
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Informations personnelles' }).getByLabel('Ville'),
  ).toHaveValue('Paris');
});

test('documents: a PDF is accepted, a 6 MB file and a renamed executable are refused, a document is deleted @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await page.goto('/profil');
  await page.getByRole('tab', { name: 'Documents' }).click();

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
  await page.getByLabel('Téléverser : Permis de conduire').setInputFiles({
    name: 'permis.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expectToast(page, 'Document téléchargé avec succès');
  await expect(page.getByRole('region', { name: 'Mes documents' })).toContainText('permis.pdf');

  await page.getByLabel('Téléverser : Pièce d’identité').setInputFiles({
    name: 'gros.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expectToast(
    page,
    'Erreur lors de l’upload du document',
    'Le fichier ne doit pas dépasser 5 MB',
  );

  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
  await page.getByLabel('Téléverser : Pièce d’identité').setInputFiles({
    name: 'identite.pdf',
    mimeType: 'application/pdf',
    buffer: exe,
  });
  await expectToast(page, 'Erreur lors de l’upload du document');
  await expect(page.getByRole('region', { name: 'Mes documents' })).not.toContainText(
    'identite.pdf',
  );

  // A document not yet verified can be taken back, after a confirmation.
  const mine = page.getByRole('region', { name: 'Mes documents' });
  page.once('dialog', (dialog) => void dialog.dismiss());
  await mine.getByRole('button', { name: 'Supprimer permis.pdf' }).click();
  await expect(mine).toContainText('permis.pdf');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Supprimer le document «\u00a0permis.pdf\u00a0»\u00a0?');
    void dialog.accept();
  });
  await mine.getByRole('button', { name: 'Supprimer permis.pdf' }).click();
  await expectToast(page, 'Document supprimé');
  await expect(mine).toContainText('Aucun document pour le moment.');
});

test('bookings tab shows the empty message for a new account @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await page.goto('/profil');
  await page.getByRole('tab', { name: 'Réservations' }).click();
  await expect(page.getByText('Aucune réservation pour le moment')).toBeVisible();
});

test('signing in before the e-mail is verified opens the code view with a neutral message @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  const email = uniqueEmail('non-verifie');
  expect(
    (
      await page.request.post('/api/auth/sign-up/email', {
        data: { email, password: 'secret-123', name: '' },
      })
    ).ok(),
  ).toBe(true);

  await openAuth(page, 'Connexion');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page.getByRole('heading', { name: 'Vérifiez votre e-mail' })).toBeVisible();
  await expectToast(
    page,
    'Vérification requise',
    'Votre adresse e-mail n’est pas encore vérifiée : un nouveau code vient de vous être envoyé.',
  );
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  await expect(page.getByText('Erreur de connexion')).toHaveCount(0);

  await page.getByLabel('Code de vérification').fill(await latestCode(admin, email));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/profil$/);
});

test('a toast appears below the header, never over its navigation', async ({ page }) => {
  await openAuth(page, 'Connexion');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(uniqueEmail('inconnu'));
  await form.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expectToast(page, 'Erreur de connexion', 'Email ou mot de passe incorrect');

  const header = await page.getByRole('banner').boundingBox();
  const toast = page.locator('[data-sonner-toast]').first();
  // Measured once the toast has slid into place.
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(header!.y + header!.height);
  await page.waitForTimeout(600);
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

import { expect, test, type APIRequestContext, type Page } from '../support/test';
import {
  adminRequest,
  consoleUser,
  createVerifiedAccount,
  signInAsAdmin,
} from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

/** A customer's booking of the given car, created through the API like checkout does. */
async function createCustomerBooking(
  api: APIRequestContext,
  baseURL: string,
  email: string,
  vehicleSlug: string,
  day: number,
): Promise<string> {
  const start = await startBooking(api, baseURL, {
    email,
    vehicleSlug,
    day,
    protection: 'basic',
    driver: {
      firstName: 'Inès',
      lastName: 'Garnier',
      dateOfBirth: '1984-03-09',
      licenseIssueDate: '2004-01-01',
    },
  });
  return start.reference;
}

test('/admin sends a visitor to /auth and turns a customer away with the toast @any-width', async ({
  page,
  baseURL,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);

  const admin = await adminRequest(baseURL!);
  await createVerifiedAccount(page.request, admin);
  await page.goto('/admin');
  await expectToast(page, 'Accès refusé', 'Vous n’avez pas les permissions d’administrateur');
  await expect(page).toHaveURL(/\/$/);
});

test('vehicles: create with each validation message, edit and delete @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `Alpine A110 ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  for (const tab of ['Véhicules', 'Réservations', 'Utilisateurs', 'Avis', 'Promotions']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Véhicules' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Boîte mail (démo)' })).toBeVisible();

  await page.getByRole('button', { name: 'Ajouter un véhicule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un véhicule' });
  await expect(dialog.getByLabel('Catégorie')).toHaveValue('Standard');
  await expect(dialog.getByLabel('Prix par jour (€) *')).toHaveAttribute('inputmode', 'decimal');
  await expect(dialog.getByLabel('Caution (€) *')).toHaveAttribute('inputmode', 'decimal');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toContainText('Le nom est obligatoire.');
  await expect(dialog).toContainText('Le prix par jour est obligatoire.');
  await expect(dialog).toContainText('La caution est obligatoire.');
  await expect(dialog).toContainText('L’URL de l’image est obligatoire.');

  await dialog.getByLabel('Nom *').fill(name);
  await dialog.getByLabel('Prix par jour (€) *').fill('0');
  await dialog.getByLabel('Caution (€) *').fill('2500');
  await dialog.getByLabel('URL de l’image *').fill('pas-une-adresse');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toContainText('Le prix par jour doit être supérieur à 0.');
  await expect(dialog).toContainText(
    'L’URL de l’image est invalide (adresse http(s) ou chemin commençant par /).',
  );

  await dialog.getByLabel('Prix par jour (€) *').fill('189,50');
  await dialog.getByLabel('URL de l’image *').fill('/vehicles/porsche-panamera.svg');
  await dialog.getByLabel('Catégorie').selectOption('Premium');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Succès', 'Véhicule créé');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem', { name, exact: true });
  await expect(row).toContainText('Premium');
  await expect(row).toContainText(/189,50\s€ \/ jour/);
  await expect(row).toContainText('Disponible');

  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le véhicule' });
  await expect(edit.getByLabel('Prix par jour (€) *')).toHaveValue('189,50');
  await edit.getByLabel('Prix par jour (€) *').fill('199');
  await edit.getByLabel('Disponible à la location').uncheck();
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Succès', 'Véhicule mis à jour');
  await expect(row).toContainText(/199,00\s€ \/ jour/);
  await expect(row).toContainText('Indisponible');

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Êtes-vous sûr de vouloir supprimer ce véhicule\u00a0?');
    void confirm.accept();
  });
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  await expectToast(page, 'Succès', 'Véhicule supprimé');
  await expect(row).toBeHidden();
});

test('promotions: create with each validation message, unique code, edit and delete @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=promotions');
  await expect(page.getByRole('tab', { name: 'Promotions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('button', { name: 'Ajouter une promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une promotion' });
  await expect(dialog.getByLabel('Type de réduction')).toHaveValue('percentage');
  await expect(dialog.getByLabel('Active')).toBeChecked();
  await expect(dialog.getByLabel('Valeur (%) *')).toHaveAttribute('inputmode', 'decimal');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toContainText('Le code doit contenir au moins 3 caractères.');
  await expect(dialog).toContainText('La description est obligatoire.');
  await expect(dialog).toContainText('La valeur de la réduction est obligatoire.');
  await expect(dialog).toContainText('La date de début de validité est obligatoire.');
  await expect(dialog).toContainText('La date de fin de validité est obligatoire.');

  await dialog.getByLabel('Code *').fill(code.toLowerCase());
  await expect(dialog.getByLabel('Code *')).toHaveValue(code);
  await dialog.getByLabel('Description *').fill('Offre de lancement');
  await dialog.getByLabel('Valeur (%) *').fill('120');
  await dialog.getByLabel('Valide à partir du *').fill('2026-12-10T10:00');
  await dialog.getByLabel('Valide jusqu’au *').fill('2026-12-01T10:00');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toContainText('Un pourcentage de réduction ne peut pas dépasser 100 %.');
  await expect(dialog).toContainText(
    'La date de fin de validité doit être postérieure à la date de début.',
  );

  await dialog.getByLabel('Valeur (%) *').fill('12.5');
  await dialog.getByLabel('Valide jusqu’au *').fill('2027-01-31T23:00');
  await dialog.getByLabel('Utilisations maximales').fill('50');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Succès', 'Promotion créée');
  const row = page.getByRole('listitem', { name: code, exact: true });
  await expect(row).toContainText('12,5 %');
  await expect(row).toContainText('Du 10/12/2026 au 31/01/2027');
  await expect(row).toContainText('0 / 50 utilisation');
  await expect(row).toContainText('Active');

  // The code is unique: the server's message is shown.
  await page.getByRole('button', { name: 'Ajouter une promotion' }).click();
  await dialog.getByLabel('Code *').fill(code);
  await dialog.getByLabel('Description *').fill('Doublon');
  await dialog.getByLabel('Valeur (%) *').fill('5');
  await dialog.getByLabel('Valide à partir du *').fill('2026-12-10T10:00');
  await dialog.getByLabel('Valide jusqu’au *').fill('2027-01-31T23:00');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Erreur', `Le code promo ${code} existe déjà.`);
  await expect(dialog).toContainText(`Le code promo ${code} existe déjà.`);
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  await row.getByRole('button', { name: `Modifier ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la promotion' });
  await edit.getByLabel('Type de réduction').selectOption('fixed');
  await edit.getByLabel('Valeur (€) *').fill('25');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Succès', 'Promotion mise à jour');
  await expect(row).toContainText(/25,00\s€/);

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Êtes-vous sûr de vouloir supprimer cette promotion\u00a0?');
    void confirm.accept();
  });
  await row.getByRole('button', { name: `Supprimer ${code}` }).click();
  await expectToast(page, 'Succès', 'Promotion supprimée');
  await expect(row).toBeHidden();
});

test('bookings change live in a second window; reviews are published, verified and unpublished; users are listed @any-width', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two windows and three of the console's tabs.
  test.slow();
  const day = testInfo.project.name === 'phone' ? 230 : 210;
  const admin = await adminRequest(baseURL!);
  const customer = await browser.newContext({ baseURL: baseURL! });
  const account = await createVerifiedAccount(customer.request, admin);
  const reference = await createCustomerBooking(
    customer.request,
    baseURL!,
    account.email,
    'audi-a4',
    day,
  );

  await signInAsAdmin(page, baseURL!);
  const watcher = await browser.newContext({ baseURL: baseURL! });
  const watcherPage = await watcher.newPage();
  await signInAsAdmin(watcherPage, baseURL!);

  const openBooking = async (target: Page) => {
    await target.goto('/admin?tab=reservations');
    await target.getByLabel('Référence ou e-mail').fill(reference);
    await target.getByRole('button', { name: 'Rechercher' }).click();
    const card = target.getByRole('listitem', { name: `Réservation ${reference}` });
    await expect(card).toBeVisible();
    return card;
  };
  const card = await openBooking(page);
  const watched = await openBooking(watcherPage);
  await expect(card).toContainText('Inès Garnier');
  await expect(card).toContainText(account.email);
  await expect(card).toContainText('Audi A4');
  await expect(card).toContainText('10 rue de Rivoli, 75001 Paris');
  await expect(card).toContainText('Paiement : En attente');
  const select = card.getByRole('combobox');
  await expect(select).toHaveValue('pending');
  // Only the moves the lifecycle allows from the current status are offered.
  await expect(select.locator('option')).toHaveText(['En attente', 'Confirmée', 'Annulée']);

  await select.selectOption('confirmed');
  await expectToast(page, 'Succès', 'Statut mis à jour');
  await expect(watched.getByRole('combobox')).toHaveValue('confirmed');
  await expect(select.locator('option')).toHaveText(['Confirmée', 'Annulée']);
  await select.selectOption('cancelled');
  await expectToast(page, 'Succès', 'Statut mis à jour');
  await expect(watched.getByRole('combobox')).toHaveValue('cancelled');
  await expect(select).toBeDisabled();
  await watcher.close();

  // Reviews: one submitted by the customer, unpublished until an admin publishes it.
  const comment = `Service parfait (${testInfo.project.name} ${Date.now().toString(36)})`;
  const submitted = await customer.request.post('/api/v1/vehicles/audi-a4/reviews', {
    data: { rating: 4, comment },
    headers: { origin: baseURL! },
  });
  expect(submitted.status()).toBe(201);
  await customer.close();

  await page.goto('/admin?tab=avis');
  const review = page.getByRole('listitem').filter({ hasText: comment });
  await expect(review).toContainText('Non publié');
  await expect(review.getByRole('img', { name: '4 sur 5' })).toBeVisible();
  await review.getByRole('button', { name: 'Publier' }).click();
  await expectToast(page, 'Succès', 'Avis mis à jour');
  await expect(review).toContainText('Publié');
  await review.getByRole('button', { name: 'Vérifier' }).click();
  await expect(review).toContainText('Vérifié');
  await expect(review.getByRole('button', { name: 'Vérifier' })).toHaveCount(0);

  await page.goto('/vehicule/audi-a4');
  const reviews = page.getByRole('region', { name: 'Avis clients' });
  await expect(reviews).toContainText(comment);
  await expect(reviews).toContainText('Avis vérifié');

  await page.goto('/admin?tab=avis');
  await review.getByRole('button', { name: 'Dépublier' }).click();
  await expectToast(page, 'Succès', 'Avis mis à jour');
  await expect(review).toContainText('Non publié');
  await expect(review).toContainText('Vérifié');
  await page.goto('/vehicule/audi-a4');
  await expect(page.getByRole('heading', { level: 1, name: 'Audi A4' })).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);

  // Users: read-only, with 'Non renseigné' for what the profile lacks.
  const user = await consoleUser(page, account.email);
  await expect(user).toContainText('Non renseigné');
  await expect(user).toContainText('En attente de validation');
  await expect(user).toContainText(/Inscription\s*\d{2} \S+ \d{4}/);
});

test('a refund is offered and confirmed in euros written the French way @any-width', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const day = testInfo.project.name === 'phone' ? 290 : 280;
  const admin = await adminRequest(baseURL!);
  const customer = await browser.newContext({ baseURL: baseURL! });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'toyota-yaris',
    day,
  });
  await payBooking(customer.request, baseURL!, start);
  await customer.close();

  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations');
  await page.getByLabel('Référence ou e-mail').fill(start.reference);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const card = page.getByRole('listitem', { name: `Réservation ${start.reference}` });
  await card.getByRole('button', { name: 'Rembourser' }).click();

  const dialog = page.getByRole('dialog', { name: 'Rembourser la réservation' });
  const amount = dialog.getByLabel('Montant à rembourser (€)');
  // What remains captured, offered with a decimal comma: never '955.59'.
  await expect(amount).toHaveValue(/^\d+,\d{2}$/);
  await amount.fill('10,50');
  await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expectToast(page, 'Succès', 'Remboursement de 10,50 € effectué');
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { latestCheckId, scanPdf, submitIdentity } from '../support/rental-steps';

const REASON = 'Document illisible ou incomplet : Le verso du permis est flou';

/** The customer's first check sent through the API, then refused by the team for its verso. */
async function refusedForItsVerso(
  customer: APIRequestContext,
  admin: APIRequestContext,
  baseURL: string,
  bookingId: string,
) {
  await submitIdentity(customer, baseURL, bookingId);
  const checkId = await latestCheckId(customer, admin);
  const decided = await admin.post(`/api/v1/admin/identity-checks/${checkId}/decision`, {
    headers: { origin: baseURL },
    data: {
      decision: 'reject',
      reason: 'unreadable',
      note: 'Le verso du permis est flou',
      files: ['licence_back'],
    },
  });
  expect(decided.status(), await decided.text()).toBe(204);
}

test('a refused identity is sent again from the profile, with a new file for the refused verso', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const day =
    (testInfo.project.name === 'phone' ? 780 : 790) +
    (testInfo.retry + testInfo.repeatEachIndex) * 4;
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const start = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'bmw-serie-3',
    day,
  });
  await payBooking(page.request, baseURL!, start);
  await refusedForItsVerso(page.request, admin, baseURL!, start.bookingId);

  // The profile: a calm word of what was refused and why, and the way to send new documents.
  waitForAppOnNavigation(page);
  await page.goto('/profil');
  await expect(page.getByText('Documents à renvoyer', { exact: true })).toBeVisible();
  await expect(page.getByText(/rejeté/i)).toHaveCount(0);
  const notice = page.getByRole('region', { name: 'Vos documents d’identité sont à renvoyer' });
  await expect(notice).toContainText(REASON);
  await expect(notice).toContainText('À renvoyer : permis de conduire — verso.');
  await notice.getByRole('link', { name: 'Envoyer de nouveaux documents' }).click();

  // The identity page: which file was refused and why; the others are kept.
  await expect(page.getByRole('heading', { name: 'Vérification d’identité' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(
    'Envoyez un nouveau fichier pour : permis de conduire — verso.',
  );
  const verso = page.getByLabel('Permis de conduire — verso', { exact: true });
  await expect(verso).toHaveAccessibleDescription(/Refusé par notre équipe \(Document illisible/);
  await expect(
    page.getByLabel('Permis de conduire — recto', { exact: true }),
  ).toHaveAccessibleDescription(/Déjà reçu\s: permis-recto\.pdf/);
  // The refused file's button asks for a new one; the kept ones offer to replace theirs.
  await expect(page.getByText('Choisir un nouveau fichier')).toBeVisible();
  await expect(page.getByText('Remplacer le fichier')).toHaveCount(2);

  // Sent empty: each field says it is required, never 'invalide'.
  const send = page.getByRole('button', { name: 'Envoyer pour vérification' });
  await send.click();
  const number = page.getByLabel('Numéro du permis');
  const expiry = page.getByLabel('Expiration de la pièce d’identité');
  await expect(number).toHaveAccessibleDescription('Le numéro de permis est obligatoire.');
  await expect(expiry).toHaveAccessibleDescription(
    'La date d’expiration de la pièce d’identité est obligatoire.',
  );
  await expect(page.getByText(/invalide/)).toHaveCount(0);
  // An error goes as soon as its field is mended; the others stay.
  await number.fill('12AB34567');
  await expect(number).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Le numéro de permis est obligatoire.')).toHaveCount(0);
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Date d’obtention du permis').fill('2005-01-01');
  await expiry.fill('2034-01-01');
  await expect(page.getByText(/est obligatoire\./)).toHaveCount(0);

  // The refused verso, not replaced, keeps the check from going.
  await send.click();
  await expect(
    page.getByText('Ce document a été refusé : choisissez un nouveau fichier.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/identite$/);

  await verso.setInputFiles({
    name: 'permis-verso-net.pdf',
    mimeType: 'application/pdf',
    buffer: scanPdf('verso net'),
  });
  await expect(page.getByText('Reçu : permis-verso-net.pdf')).toBeVisible();
  await send.click();
  await expect(page).toHaveURL(new RegExp(`/reservation/${start.bookingId}$`));
  const steps = page.getByRole('region', { name: 'Étapes avant la livraison' });
  await expect(steps.getByText('En cours de vérification')).toBeVisible();
});

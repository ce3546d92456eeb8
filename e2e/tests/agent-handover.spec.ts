import type { Page } from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  enrolAuthenticator,
  signInAsAdmin,
} from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { openCheckout, fillDriver } from '../support/checkout';
import { isoDateTime } from '../support/dates';
import { completeRentalSteps, TINY_PNG } from '../support/rental-steps';
import { expectToast } from '../support/toast';

async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: /Zone de signature/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 8 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 20, { steps: 8 });
  await page.mouse.up();
}

test('the team plans a delivery, the agent hands the car over on a phone, the customer returns it to the agency and gets a code', async ({
  page,
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const admin = await adminRequest(baseURL!);

  // A paid booking delivered within the day: its deposit is held by the next job run.
  const customer = await browser.newContext({ baseURL: baseURL! });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = new Date(Date.now() + 6 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: phone ? 'mercedes-classe-s-500' : 'range-rover-sport',
    day: 0,
    startIso: start.toISOString(),
    endIso: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
  });
  await payBooking(customer.request, baseURL!, booking);
  await completeRentalSteps(customer.request, admin, baseURL!, account, booking.bookingId);

  // The agent has an account; the administrator names them agent and assigns the delivery.
  const agentContext = await browser.newContext({ baseURL: baseURL!, viewport, locale: 'fr-FR' });
  const agent = await createVerifiedAccount(agentContext.request, admin);
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations');
  await page.getByRole('button', { name: 'Planning' }).click();
  const agents = page.getByRole('region', { name: 'Agents' });
  await agents.getByLabel('E-mail du compte à nommer agent').fill(agent.email);
  await agents.getByRole('button', { name: 'Ajouter l’agent' }).click();
  await expectToast(page, 'Succès', 'Agent ajouté');
  await expect(agents).toContainText(agent.email);
  // The agent's second factor, before the team's pages open.
  await enrolAuthenticator(agentContext.request, baseURL!);
  const row = page.getByRole('listitem', { name: `Livraison ${booking.reference}` });
  await expect(row).toContainText('Identité : Terminée · Contrat : Signé');
  await row.getByLabel('Agent').selectOption({ label: agent.email });
  await expectToast(page, 'Succès', 'Mission assignée');

  // On the agent's phone: the mission, the departure, the handover.
  const office = waitForAppOnNavigation(await agentContext.newPage());
  await office.goto('/equipe');
  const card = office.getByRole('listitem', { name: `Mission ${booking.reference}` });
  await expect(card).toContainText('Camille Lefèvre');
  await card.getByRole('link', { name: 'Ouvrir la mission' }).click();
  await expect(office.getByRole('heading', { name: 'Livraison', level: 1 })).toBeVisible();
  await expect(async () => {
    await office.reload();
    await expect(office.getByText('Caution : retenue')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  // The customer follows the agent live on the booking page, without reloading it.
  const follower = waitForAppOnNavigation(await customer.newPage());
  await follower.goto(`/reservation/${booking.bookingId}`);
  const visit = follower.getByRole('region', { name: 'Livraison', exact: true });
  await expect(visit).toContainText('Nous vous prévenons dès que notre agent part.');
  await office.getByRole('button', { name: 'Je pars : prévenir le client' }).click();
  await expectToast(office, 'Client prévenu');
  await expect(visit).toContainText('Votre agent est en route avec le véhicule.');

  await office
    .getByRole('checkbox', { name: /J’ai vérifié le permis et la pièce d’identité/ })
    .check();
  await office.getByLabel('Kilométrage (km)').fill('12450');
  await office.getByLabel('Carburant ou charge (%)').fill('90');
  await office.getByRole('button', { name: 'Avant gauche' }).click();
  await office.getByLabel('Dommage — Avant gauche').fill('Rayure de 3 cm sur l’aile');
  await office
    .getByText('Ajouter une photo')
    .locator('input[type=file]')
    .setInputFiles({ name: 'aile.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(office.getByText('envoyée')).toBeVisible();
  await office.getByRole('button', { name: 'Enregistrer ce dommage' }).click();
  await expect(office.getByRole('list', { name: 'Dommages relevés' })).toContainText(
    'Rayure de 3 cm',
  );
  await office.getByRole('checkbox', { name: 'Certificat d’immatriculation' }).check();
  await drawSignature(office);
  await office.getByRole('button', { name: 'Valider la remise' }).click();
  await expect(office.getByRole('status').filter({ hasText: 'Véhicule remis' })).toBeVisible();

  const detail = await customer.request.get(`/api/v1/bookings/${booking.bookingId}`);
  expect(((await detail.json()) as { bookingStatus: string }).bookingStatus).toBe('active');
  const report = await customer.request.get(
    `/api/v1/bookings/${booking.bookingId}/inspections/handover/report`,
  );
  expect(report.headers()['content-type']).toBe('application/pdf');

  // The customer chooses to bring the car back to the agency.
  await follower.reload();
  const choice = follower.getByRole('group', { name: 'Restitution' });
  await choice.getByRole('radio', { name: /Je rends le véhicule à l’agence/ }).check();
  await expectToast(follower, 'Restitution', 'Votre choix est enregistré.');
  await expect(follower.getByRole('region', { name: 'Restitution', exact: true })).toContainText(
    'Rendez le véhicule à notre agence',
  );

  // The return, assigned to the same agent: 1 200 km driven, 200 km beyond the allowance.
  await page.reload();
  await page.getByRole('button', { name: 'Planning' }).click();
  const returnRow = page.getByRole('listitem', { name: `Retour ${booking.reference}` });
  await returnRow.getByLabel('Agent').selectOption({ label: agent.email });
  await expectToast(page, 'Succès', 'Mission assignée');
  await office.goto(`/equipe/mission/${booking.bookingId}/return`);
  await expect(office.getByRole('heading', { name: 'Retour', level: 1 })).toBeVisible();
  await expect(
    office.getByRole('checkbox', { name: 'Le client a rendu le véhicule à l’agence.' }),
  ).toBeChecked();
  await office.getByLabel('Kilométrage (km)').fill('13650');
  await office.getByLabel('Carburant ou charge (%)').fill('90');
  await drawSignature(office);
  await office.getByRole('button', { name: 'Valider la restitution' }).click();
  const outcome = office.getByRole('status').filter({ hasText: 'Véhicule restitué' });
  await expect(outcome).toContainText('1200 km');
  await expect(outcome).toContainText(/94,00\s€/);
  const code = (await outcome.locator('dd.font-mono').textContent())!;
  expect(code).toMatch(/^MERCI-/);

  // Completed; the rest of the deposit released; the code works for this customer only.
  const after = (await (
    await customer.request.get(`/api/v1/bookings/${booking.bookingId}`)
  ).json()) as { bookingStatus: string };
  expect(after.bookingStatus).toBe('completed');
  await follower.goto('/profil');
  await follower.getByRole('tab', { name: 'Réservations' }).click();
  await expect(follower.getByRole('region', { name: 'Vos codes' })).toContainText(code);

  // Typed at the next checkout, the code takes 10 % off; anyone else is refused it.
  await openCheckout(follower, {
    vehicleSlug: 'audi-a4',
    deliveryAddress: '10 rue de Rivoli, 75001 Paris',
    start: isoDateTime(90),
    end: isoDateTime(92),
  });
  await fillDriver(follower);
  await follower.getByRole('button', { name: 'Continuer', exact: true }).click();
  await follower.getByLabel('Code promo').fill(code);
  await follower.getByRole('button', { name: 'Appliquer' }).click();
  await expect(
    follower.getByRole('region', { name: 'Récapitulatif de la réservation' }),
  ).toContainText(`Code promo ${code}`);
  const strangerQuote = await agentContext.request.post('/api/v1/quotes', {
    headers: { origin: baseURL! },
    data: {
      vehicleSlug: 'audi-a4',
      start: isoDateTime(90),
      end: isoDateTime(92),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      promoCode: code,
    },
  });
  expect(strangerQuote.status()).toBe(422);

  // Invited to review the car: the review is verified, published by the team, then shown.
  const comment = `Livraison à l’heure, voiture impeccable (${testInfo.project.name} ${Date.now().toString(36)})`;
  await follower.goto(`/reservation/${booking.bookingId}`);
  await expect(
    follower.getByRole('link', { name: 'Procès-verbal de restitution (PDF)' }),
  ).toBeVisible();
  const review = follower.getByRole('region', { name: /Votre avis sur la/ });
  // The star itself is what a customer touches; its label names it for screen readers.
  await review.getByText('5 étoiles').locator('..').click();
  await expect(review.getByRole('radio', { name: '5 étoiles' })).toBeChecked();
  await review.getByLabel('Votre commentaire').fill(comment);
  await review.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(review).toContainText('Merci pour votre avis (5 sur 5)');
  await page.goto('/admin?tab=avis');
  const pending = page.getByRole('listitem').filter({ hasText: comment });
  await expect(pending).toContainText('Vérifié');
  await pending.getByRole('button', { name: 'Publier' }).click();
  await expectToast(page, 'Succès', 'Avis mis à jour');
  await follower.goto(`/vehicule/${phone ? 'mercedes-classe-s-500' : 'range-rover-sport'}`);
  await expect(follower.getByRole('region', { name: 'Avis clients' })).toContainText(comment);
  await agentContext.close();
  await customer.close();
});

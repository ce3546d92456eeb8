import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  enrolAuthenticator,
  signInAsAdmin,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { payBooking, startBooking } from '../support/bookings';
import { completeRentalSteps, TINY_PNG } from '../support/rental-steps';
import { expectToast } from '../support/toast';

const SIGNATURE = `data:image/png;base64,${TINY_PNG.toString('base64')}`;

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

/** The console's view of the booking's money, found by its reference. */
async function consoleBooking(admin: APIRequestContext, reference: string) {
  const list = await admin.get(`/api/v1/admin/bookings?q=${reference}`);
  const { bookings } = (await list.json()) as {
    bookings: {
      reference: string;
      bookingStatus: string;
      depositStatus: string;
      depositCapturedCents: number;
      refundableCents: number;
      balanceDueCents: number;
    }[];
  };
  return bookings.find((booking) => booking.reference === reference)!;
}

test('an agent records 100 000 € of damage: the customer is told, nothing is taken until an administrator approves the excess in the console, then the money moves once', async ({
  page,
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const admin = await adminRequest(baseURL!);
  const headers = { origin: baseURL! };

  // A rental with the Basique protection (2 000 € of excess), delivered within the day.
  const customer = await browser.newContext({ baseURL: baseURL!, viewport, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = new Date(Date.now() + 5 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: phone ? 'toyota-yaris' : 'peugeot-208',
    day: 0,
    startIso: start.toISOString(),
    endIso: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
    protection: 'basic',
  });
  await payBooking(customer.request, baseURL!, booking);
  await completeRentalSteps(customer.request, admin, baseURL!, account, booking.bookingId);

  // The agent, named by the team and sent to both missions, hands the car over.
  const agentContext = await browser.newContext({ baseURL: baseURL!, viewport, locale: 'fr-FR' });
  const agent = await createVerifiedAccount(agentContext.request, admin);
  const session = (await (await agentContext.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  expect((await admin.post('/api/v1/admin/agents', { data: { email: agent.email } })).ok()).toBe(
    true,
  );
  await enrolAuthenticator(agentContext.request, baseURL!);
  for (const kind of ['delivery', 'return']) {
    const assigned = await admin.put(`/api/v1/admin/bookings/${booking.bookingId}/assignment`, {
      data: { kind, agentId: session.user.id },
    });
    expect(assigned.ok(), await assigned.text()).toBe(true);
  }
  const mission = `/api/v1/agent/missions/${booking.bookingId}`;
  await expect
    .poll(
      async () =>
        (
          (await (await agentContext.request.get(`${mission}/delivery`)).json()) as {
            depositStatus: string;
          }
        ).depositStatus,
      { timeout: 90_000 },
    )
    .toBe('held');
  const handover = await agentContext.request.post(`${mission}/handover`, {
    headers,
    data: {
      odometerKm: 12_450,
      fuelPercent: 100,
      identityChecked: true,
      damages: [],
      interiorNote: '',
      keysCount: 2,
      accessories: [],
      signerName: 'Camille Lefèvre',
      signature: SIGNATURE,
    },
  });
  expect(handover.ok(), await handover.text()).toBe(true);
  const depositBefore = await consoleBooking(admin, booking.reference);

  // On the agent's phone: 200 km beyond the allowance and a wing assessed at 100 000 €.
  const office = waitForAppOnNavigation(await agentContext.newPage());
  await office.goto(`/equipe/mission/${booking.bookingId}/return`);
  await expect(office.getByRole('heading', { name: 'Retour', level: 1 })).toBeVisible();
  await office.getByLabel('Kilométrage (km)').fill('13650');
  await office.getByRole('button', { name: 'Avant gauche' }).click();
  await office.getByLabel('Dommage — Avant gauche').fill('Aile enfoncée, phare brisé');
  await office
    .getByText('Ajouter une photo')
    .locator('input[type=file]')
    .setInputFiles({ name: 'aile.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(office.getByText('envoyée')).toBeVisible();
  await office.getByRole('button', { name: 'Enregistrer ce dommage' }).click();
  await office.getByLabel('Montant des nouveaux dommages (€)').fill('100000');
  await drawSignature(office);
  await office.getByRole('button', { name: 'Valider la restitution' }).click();
  const outcome = office.getByRole('status').filter({ hasText: 'Véhicule restitué' });
  await expect(outcome).toContainText('Rien n’est prélevé avant qu’un administrateur');
  await expect(outcome).toContainText(/Facturable dans la franchise, à valider\s*2\s000,00\s€/);

  // The customer is told the amounts and given the photos; nothing has moved.
  const follower = waitForAppOnNavigation(await customer.newPage());
  await follower.goto(`/reservation/${booking.bookingId}`);
  const bell = follower.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  await expect(follower.getByRole('menuitem', { name: /Dommages constatés sur la/ })).toContainText(
    /2\s000,00\s€ au plus pourront vous être facturés/,
  );
  await follower.keyboard.press('Escape');
  const mails = (await (await admin.get('/api/v1/admin/mails?pageSize=50')).json()) as {
    mails: { id: string; to: string; subject: string }[];
  };
  const told = mails.mails.find(
    (mail) => mail.to === account.email && mail.subject.startsWith('Dommages constatés'),
  )!;
  const toldText = (
    (await (await admin.get(`/api/v1/admin/mails/${told.id}`)).json()) as {
      text: string;
    }
  ).text;
  expect(toldText).toMatch(/Photo 1\s:\s.*\/inspections\/photos\//);
  const photoUrl = toldText.match(/https?:\/\/\S+\/inspections\/photos\/[0-9a-f-]+/)![0];
  const photo = await customer.request.get(new URL(photoUrl).pathname);
  // The phone sends its photos as JPEG.
  expect(photo.headers()['content-type']).toMatch(/^image\//);
  expect(await consoleBooking(admin, booking.reference)).toMatchObject({
    bookingStatus: 'active',
    depositStatus: 'held',
    depositCapturedCents: 0,
    refundableCents: depositBefore.refundableCents,
  });

  // In the console: the claim, its photo and its amounts; the administrator approves the excess.
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations&vue=dommages');
  const claim = page.getByRole('listitem', { name: `Dommages ${booking.reference}` });
  await expect(claim).toContainText('À décider');
  await expect(claim).toContainText(/Dommages estimés\s*100\s000,00\s€/);
  await expect(claim).toContainText(/Facturable dans la franchise\s*2\s000,00\s€/);
  await expect(claim.getByRole('img', { name: 'Avant gauche, vue 1' })).toBeVisible();
  await expectNoAxeViolations(page, 'admin, damage claims');
  await page.screenshot({ path: testInfo.outputPath('dommages-a-decider.png'), fullPage: true });
  await claim.getByRole('button', { name: 'Approuver…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approuver les dommages' });
  await expect(dialog.getByLabel('Montant retenu pour les dommages (€)')).toHaveValue('2000,00');
  await expectNoAxeViolations(page, 'admin, damage approval');
  await dialog.getByRole('button', { name: 'Approuver', exact: true }).click();
  await expectToast(page, 'Succès', 'Dommages approuvés');
  await expect(claim).toContainText('Prélevé, location terminée.');
  await page.screenshot({ path: testInfo.outputPath('dommages-decides.png'), fullPage: true });

  // The deposit pays first, the saved card the rest; approving again moves nothing more.
  const after = await consoleBooking(admin, booking.reference);
  expect(after).toMatchObject({ bookingStatus: 'completed', balanceDueCents: 0 });
  const depositCents = phone ? 80_000 : 90_000;
  expect(after.depositCapturedCents).toBe(depositCents);
  expect(after.refundableCents - depositBefore.refundableCents).toBe(
    200_000 + 9_400 - depositCents,
  );
  const claims = (await (await admin.get('/api/v1/admin/damage-claims')).json()) as {
    claims: { id: string; reference: string }[];
  };
  const claimId = claims.claims.find((item) => item.reference === booking.reference)!.id;
  const again = await admin.post(`/api/v1/admin/damage-claims/${claimId}/approval`, {
    headers,
    data: { amountCents: 200_000 },
  });
  expect(again.ok()).toBe(true);
  expect(await consoleBooking(admin, booking.reference)).toEqual(after);

  // And the customer is told the decision.
  await follower.reload();
  await follower.getByRole('button', { name: /^Notifications/ }).click();
  await expect(follower.getByRole('menuitem', { name: /Décision sur les dommages/ })).toContainText(
    /notre équipe retient 2\s000,00\s€/,
  );
  await agentContext.close();
  await customer.close();
});

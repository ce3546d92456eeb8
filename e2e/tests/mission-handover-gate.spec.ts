import { expectNoAxeViolations } from '../support/axe';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount, enrolAuthenticator } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { completeRentalSteps } from '../support/rental-steps';

test('the agent’s mission says what the handover waits for, and opens it once nothing is missing', async ({
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const admin = await adminRequest(baseURL!);

  // A paid booking delivered within the day: nothing done yet of its steps.
  const customer = await browser.newContext({ baseURL: baseURL! });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = new Date(Date.now() + 7 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: phone ? 'renault-clio-5' : 'mercedes-classe-v',
    day: 0,
    startIso: start.toISOString(),
    endIso: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
  });
  await payBooking(customer.request, baseURL!, booking);

  // The agent, named by the team and given the delivery.
  const office = await browser.newContext({ baseURL: baseURL!, viewport, locale: 'fr-FR' });
  const agent = await createVerifiedAccount(office.request, admin);
  expect((await admin.post('/api/v1/admin/agents', { data: { email: agent.email } })).ok()).toBe(
    true,
  );
  await enrolAuthenticator(office.request, baseURL!);
  const agentId = (
    (await (await admin.get('/api/v1/admin/agents')).json()) as {
      agents: { id: string; email: string }[];
    }
  ).agents.find((one) => one.email === agent.email)!.id;
  expect(
    (
      await admin.put(`/api/v1/admin/bookings/${booking.bookingId}/assignment`, {
        data: { kind: 'delivery', agentId },
      })
    ).ok(),
  ).toBe(true);

  // Before anything is done: what is missing at the top, no « Je pars », no handover form.
  const page = waitForAppOnNavigation(await office.newPage());
  await page.goto(`/equipe/mission/${booking.bookingId}/delivery`);
  const blockers = page.getByRole('region', { name: 'Remise pas encore possible' });
  await expect(blockers).toBeVisible();
  // The deposit is placed on the card by the periodic jobs as soon as it is due, which for a
  // delivery within the day is at once: missing until their next round, then held.
  const missing = blockers.getByRole('listitem');
  await expect(missing.nth(0)).toHaveText(/^Identité du conducteur\s: pas encore vérifiée/);
  await expect(missing.nth(1)).toHaveText('Contrat : pas encore signé par le client.');
  const listed = await missing.allTextContents();
  expect(listed.length).toBeLessThanOrEqual(3);
  if (listed.length === 3) expect(listed[2]).toMatch(/^Caution\s: /);
  const top = await blockers.boundingBox();
  const facts = await page.getByText('Camille Lefèvre', { exact: true }).first().boundingBox();
  expect(top!.y).toBeLessThan(facts!.y);
  // The blockers are the first thing under the title, on the first screen.
  expect(top!.y).toBeLessThan(viewport!.height / 2);
  await expect(page.getByRole('button', { name: /^Je pars/ })).toBeDisabled();
  await expect(page.getByRole('form', { name: 'Remise du véhicule' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Valider la remise' })).toHaveCount(0);
  // The customer's phone, in pairs of digits.
  await expect(page.getByRole('link', { name: /\+33\s6\s11\s22\s33\s44/ })).toHaveAttribute(
    'href',
    'tel:+33611223344',
  );
  await page.screenshot({
    path: testInfo.outputPath(`mission-blocked-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await expectNoAxeViolations(page, 'mission bloquée');

  // The customer sends their identity and signs; the team validates; the deposit is then held.
  await completeRentalSteps(customer.request, admin, baseURL!, account, booking.bookingId);
  const handover = page.getByRole('form', { name: 'Remise du véhicule' });
  await expect(async () => {
    if (await blockers.isVisible()) {
      await page.getByRole('button', { name: 'Vérifier à nouveau' }).click();
    }
    await expect(handover).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(blockers).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Je pars/ })).toBeEnabled();
  await expect(page.getByText('Identité : Terminée')).toBeVisible();
  await expect(page.getByText('Contrat : Signé')).toBeVisible();
  await expect(page.getByText('Caution : retenue')).toBeVisible();
  await office.close();
  await customer.close();
});

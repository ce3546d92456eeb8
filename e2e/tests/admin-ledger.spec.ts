import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { payBooking, startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

/** An amount as the console writes it, whatever its no-break spaces: 123456 → 1 234,56 €. */
function euros(cents: number): RegExp {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  return new RegExp(`${whole},${String(cents % 100).padStart(2, '0')}\\s€`);
}

test('an administrator follows a paid booking’s money in its ledger, refunds part of it and sees the ledger agree with the processor @any-width', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const admin = await adminRequest(baseURL!);
  const customer = await browser.newContext({ baseURL: baseURL! });
  const account = await createVerifiedAccount(customer.request, admin);
  const start = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'peugeot-208',
    day: phone ? 420 : 400,
  });
  await payBooking(customer.request, baseURL!, start);
  await customer.close();
  await admin.dispose();

  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin?tab=reservations');
  await expect(page.getByRole('region', { name: 'Rapprochement' })).toContainText(
    'Aucun écart entre le registre et le prestataire de paiement.',
  );

  await page.getByLabel('Référence ou e-mail').fill(start.reference);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const card = page.getByRole('listitem', { name: `Réservation ${start.reference}` });
  await expect(card).toContainText(new RegExp(`Payé\\s:\\s${euros(start.amountCents).source}`));

  const toggle = card.getByRole('button', { name: 'Mouvements d’argent' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // A table on a wide screen, one stacked entry per movement on a phone.
  const ledger = phone
    ? card.getByRole('list', { name: /Mouvements d’argent/ })
    : card.getByRole('table', { name: /Mouvements d’argent/ });
  const movement = (label: string) =>
    ledger.getByRole(phone ? 'listitem' : 'row').filter({ hasText: label });
  await expect(movement('Location encaissée')).toContainText(euros(start.amountCents));
  await expect(movement('Location encaissée')).toContainText(start.paymentIntentId);
  await expect(movement('Remboursement')).toHaveCount(0);
  await expectNoAxeViolations(page, 'admin, a booking’s movements of money');

  await card.getByRole('button', { name: 'Rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rembourser la réservation' });
  await dialog.getByLabel('Montant à rembourser (€)').fill('25,40');
  await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expectToast(page, 'Succès', 'Remboursement de 25,40 € effectué');

  // The open list is read again: the refund is its own movement, the capture unchanged.
  await expect(movement('Remboursement')).toContainText(euros(2540));
  await expect(movement('Location encaissée')).toContainText(euros(start.amountCents));
  await expect(card).toContainText(new RegExp(`Remboursé\\s:\\s${euros(2540).source}`));
  await expect(page.getByRole('region', { name: 'Rapprochement' })).toContainText(
    'Aucun écart entre le registre et le prestataire de paiement.',
  );
});

import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { expectToast } from '../support/toast';

// The delivery and the return each have their window from the moment the booking is paid; a
// return at the agency adds the agency's opening hours (#35, item 1).
test('a confirmed booking shows the delivery’s and the return’s windows, and the agency’s hours', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const day =
    (testInfo.project.name === 'phone' ? 760 : 770) +
    (testInfo.retry + testInfo.repeatEachIndex) * 4;
  const admin = await adminRequest(baseURL!);
  const account = await createVerifiedAccount(page.request, admin);
  const start = await startBooking(page.request, baseURL!, {
    email: account.email,
    vehicleSlug: 'mercedes-classe-c',
    day,
    days: 3,
  });
  await payBooking(page.request, baseURL!, start);

  waitForAppOnNavigation(page);
  await page.goto(`/reservation/${start.bookingId}`);
  // Delivery at 10:00 and return at 10:00 three days later: each within half an hour.
  const delivery = page.getByRole('region', { name: 'Livraison', exact: true });
  const back = page.getByRole('region', { name: 'Restitution', exact: true });
  await expect(delivery).toContainText(/^Livraison \S+ \d+(er)? \S+, entre 09:30 et 10:30/);
  await expect(back).toContainText(/^Restitution \S+ \d+(er)? \S+, entre 09:30 et 10:30/);
  await expect(back).toContainText('Nous vous prévenons dès que notre agent part.');

  const choice = page.getByRole('group', { name: 'Restitution' });
  const agency = choice.getByRole('radio', { name: /Je rends le véhicule à l’agence/ });
  await expect(agency).toHaveAccessibleName(/ouverte tous les jours de 08:00 à 20:00/);
  await agency.check();
  await expectToast(page, 'Restitution', 'Votre choix est enregistré.');
  await expect(back).toContainText(
    /^Restitution à l’agence \S+ \d+(er)? \S+, entre 09:30 et 10:30/,
  );
  await expect(back).toContainText('L’agence vous accueille tous les jours de 08:00 à 20:00.');
  // The delivery's window stays, beside the return's.
  await expect(delivery).toContainText('entre 09:30 et 10:30');
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_ADMIN } from '../support/accounts';
import { payBooking, startBooking } from '../support/bookings';
import { localDateTime } from '../support/dates';

/** A day `days` from today as the calendar names it, e.g. 'jeudi 1er avril 2027'. */
function dayName(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const [weekday, day, ...rest] = date
    .toLocaleDateString('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
    .split(' ');
  return [weekday, day === '1' ? '1er' : day, ...rest].join(' ');
}

/** One press on a day: a tap on the phone, a click on the desktop. */
const press = (page: Page, target: Locator) =>
  page.viewportSize()!.width < 600 ? target.tap() : target.click();

/** The day's button, the months turned forward until it shows. */
async function showDay(page: Page, dialog: Locator, days: number): Promise<Locator> {
  const button = dialog.getByRole('button', { name: new RegExp(`^${dayName(days)}(,|$)`) });
  for (let turns = 0; turns < 14 && (await button.count()) === 0; turns += 1) {
    await press(page, dialog.getByRole('button', { name: 'Mois suivant' }));
  }
  return button;
}

// The car is booked (paid) from day 140 at 10:00 to day 143 at 10:00.
const BOOKED = 140;

test('the vehicle page’s calendar shows the booked days, refuses a start inside them and proposes the nearest free period, which leads on to the quote', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const slug = phone ? 'renault-clio-5' : 'mercedes-classe-s-500';
  // The demo customer (who can book at once, with the demo's password) books the car.
  const customer = await browser.newContext({ baseURL: baseURL!, locale: 'fr-FR' });
  const email = 'client@vroum-prestige.fr';
  const signedIn = await customer.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email, password: DEMO_ADMIN.password },
  });
  expect(signedIn.ok()).toBe(true);
  const booking = await startBooking(customer.request, baseURL!, {
    email,
    vehicleSlug: slug,
    day: BOOKED,
    days: 3,
  });
  await payBooking(customer.request, baseURL!, booking);
  await customer.close();

  await page.goto(
    `/vehicule/${slug}?${new URLSearchParams({ address: '10 rue de Rivoli, 75001 Paris', deliveryFee: '0' })}`,
  );
  await press(page, page.getByRole('button', { name: 'Choisir les dates sur le calendrier' }));
  const dialog = page.getByRole('dialog', { name: 'Choisir vos dates' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid')).toBeVisible();

  // One tap for the start, one for the end: a period over the booking is refused.
  await press(page, await showDay(page, dialog, BOOKED - 2));
  const inside = await showDay(page, dialog, BOOKED + 1);
  await expect(inside).toHaveAccessibleName(`${dayName(BOOKED + 1)}, déjà pris`);
  await expect(
    dialog.getByRole('button', { name: `${dayName(BOOKED)}, en partie pris` }),
  ).toBeVisible();
  await press(page, inside);
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Le véhicule est déjà pris pendant une partie de ces dates.');
  await expect(refusal).toContainText(
    `Période libre la plus proche, de même durée : du ${dayName(BOOKED - 3)} à 10:00 au ${dayName(BOOKED)} à 10:00.`,
  );

  // A start inside the booking is refused too, with the free period of the same length nearest it.
  await press(page, inside);
  await expect(refusal).toContainText(`Le véhicule est déjà pris le ${dayName(BOOKED + 1)}.`);
  await expect(refusal).toContainText(
    `du ${dayName(BOOKED + 3)} à 10:00 au ${dayName(BOOKED + 6)} à 10:00`,
  );
  await page.screenshot({ path: testInfo.outputPath(`calendar-${testInfo.project.name}.png`) });

  await press(page, refusal.getByRole('button', { name: 'Choisir ces dates' }));
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Début de la location')).toHaveValue(localDateTime(BOOKED + 3));
  await expect(page.getByLabel('Fin de la location')).toHaveValue(localDateTime(BOOKED + 6));
  await expect(page.getByRole('status')).toHaveText('Disponible pour ces dates');
  await page
    .getByRole('form', { name: 'Votre réservation' })
    .screenshot({ path: testInfo.outputPath(`panel-${testInfo.project.name}.png`) });
  await expect(page.getByRole('region', { name: 'Récapitulatif du prix' })).toContainText(
    '× 3 jours',
  );
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicule/${slug}/protection`));
});

test('the home module’s calendar sets the start and the return in two presses', async ({
  page,
}) => {
  await page.goto('/#reserver');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  await press(page, module.getByRole('button', { name: 'Choisir les dates sur le calendrier' }));
  const dialog = page.getByRole('dialog', { name: 'Choisir vos dates' });
  await press(page, await showDay(page, dialog, 30));
  await press(page, await showDay(page, dialog, 33));
  await expect(dialog.getByRole('combobox', { name: 'Heure de début' })).toHaveValue('600');
  await dialog.getByRole('combobox', { name: 'Heure de fin' }).selectOption('18:00');
  await press(page, dialog.getByRole('button', { name: 'Valider ces dates' }));
  await expect(dialog).toBeHidden();
  await expect(module.getByLabel('Date et heure de départ')).toHaveValue(localDateTime(30));
  await expect(
    module.getByRole('button', { name: 'Choisir les dates sur le calendrier' }),
  ).toBeFocused();
  await module.getByRole('combobox', { name: 'Adresse de livraison' }).fill('Paris');
  await module.getByRole('button', { name: 'Suivant' }).click();
  await expect(module.getByLabel('Date et heure de retour')).toHaveValue(localDateTime(33, 18));
});

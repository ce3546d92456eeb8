import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminRequest, createVerifiedAccount, signInAsAdmin } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { payBooking, startBooking } from '../support/bookings';
import { submitIdentity } from '../support/rental-steps';

interface Dashboard {
  missions: { today: unknown[]; weekTotal: { deliveries: number; returns: number } };
  revenue: {
    invoices: { totalCents: number };
    creditNotes: { totalCents: number };
    ledger: { receivedCents: number; refundedCents: number };
    outstanding: { totalCents: number };
  };
  occupancy: { monthMinutes: number; cars: { name: string; busyMinutes: number }[] };
  cases: { identities: { count: number } };
}

/** Amounts and shares as Intl writes them in fr-FR, its narrow spaces drawn as no-break ones. */
const french = (text: string) => text.replace(/\u202f/g, '\u00a0');
const euros = (cents: number) =>
  french(
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100),
  );
const share = (part: number, whole: number) =>
  french(
    new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 }).format(
      Math.round((part / whole) * 100) / 100,
    ),
  );

/** The value under a figure's label. */
const figure = (part: Locator, label: string) =>
  part
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * The page shows the figures the server gives now: the other journeys run beside this one and
 * change them, so the page is read again until it agrees with a fresh answer.
 */
async function expectFigures(page: Page, admin: APIRequestContext) {
  await expect(async () => {
    const board = (await (await admin.get('/api/v1/admin/dashboard')).json()) as Dashboard;
    await page.reload();
    const revenue = page.getByRole('region', { name: /Chiffre du mois/ });
    const quick = { timeout: 3_000 };
    const amounts: [string, number][] = [
      ['Facturé TTC', board.revenue.invoices.totalCents],
      ['Avoirs TTC', board.revenue.creditNotes.totalCents],
      ['Encaissé', board.revenue.ledger.receivedCents],
      ['Remboursé', board.revenue.ledger.refundedCents],
      ['Reste dû aujourd’hui', board.revenue.outstanding.totalCents],
    ];
    for (const [label, cents] of amounts) {
      await expect(figure(revenue, label)).toHaveText(euros(cents), quick);
    }
    const missions = page.getByRole('region', { name: 'Livraisons et retours' });
    await expect(figure(missions, 'Aujourd’hui')).toHaveText(
      String(board.missions.today.length),
      quick,
    );
    const { deliveries, returns } = board.missions.weekTotal;
    await expect(figure(missions, 'Cette semaine')).toHaveText(String(deliveries + returns), quick);
    const cars = page.getByRole('list', { name: 'Occupation par véhicule' });
    const car = board.occupancy.cars[0]!;
    await expect(cars.getByRole('listitem').filter({ hasText: car.name })).toContainText(
      share(car.busyMinutes, board.occupancy.monthMinutes),
      quick,
    );
    await expect(
      page.getByRole('heading', {
        name: new RegExp(`^Identités à vérifier\\s*${board.cases.identities.count}$`),
      }),
    ).toBeVisible(quick);
  }).toPass({ timeout: 45_000 });
}

test('an administrator reads the dashboard’s figures and follows a case to the console', async ({
  page,
  browser,
  baseURL,
  viewport,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const admin = await adminRequest(baseURL!);

  // A customer pays a rental and sends their identity documents: a check for the team.
  const customer = await browser.newContext({ baseURL: baseURL!, viewport, locale: 'fr-FR' });
  const account = await createVerifiedAccount(customer.request, admin);
  const booking = await startBooking(customer.request, baseURL!, {
    email: account.email,
    vehicleSlug: phone ? 'range-rover-sport' : 'mercedes-classe-v',
    day: 120,
  });
  await payBooking(customer.request, baseURL!, booking);
  await submitIdentity(customer.request, baseURL!, booking.bookingId);

  // From the console, whose five tabs stay as they are, to the dashboard.
  await signInAsAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('tab')).toHaveCount(5);
  await expect(page.getByRole('tab', { name: 'Véhicules' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page).toHaveURL(/\/admin\/tableau-de-bord$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(
    page.getByText(/^Aujourd’hui, \p{L}+ \d{1,2}(er)? \p{L}+ \d{4} \(heure de Paris\)\.$/u),
  ).toBeVisible();

  await expectFigures(page, admin);
  await page.screenshot({ path: testInfo.outputPath('tableau-de-bord.png'), fullPage: true });
  await expectNoAxeViolations(page, 'le tableau de bord');

  // The identity waiting opens the console's review of the identities, with the customer's.
  const identities = page.getByRole('list', { name: 'Identités à vérifier' });
  await identities.getByRole('link', { name: new RegExp(booking.reference) }).click();
  await expect(page).toHaveURL(/\/admin\?tab=utilisateurs&dialogue=identites$/);
  const review = page.getByRole('dialog', { name: 'Vérifications d’identité' });
  await expect(review).toBeVisible();
  await expect(review.getByText(booking.reference).first()).toBeVisible();

  await customer.close();
  await admin.dispose();
});

import { expect, type Page } from '@playwright/test';

/** A card expiry a few years ahead, as MM/AA. */
export const CARD_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The rental the options page hands to checkout (the `bookingData` draft of the funnel). */
export interface RentalDraft {
  vehicleSlug: string;
  deliveryAddress: string;
  start: string;
  end: string;
  protection?: string;
}

/**
 * Opens /checkout the way customers do: from the options page, with its navigation state.
 * Signed out, the page goes on to /auth instead.
 */
export async function openCheckout(page: Page, rental: RentalDraft, signedIn = true) {
  await page.goto('/conditions');
  await page.evaluate((draft) => sessionStorage.setItem('bookingData', JSON.stringify(draft)), {
    vehicleSlug: rental.vehicleSlug,
    deliveryAddress: rental.deliveryAddress,
    deliveryFeeCents: 0,
    startDate: rental.start,
    endDate: rental.end,
    withDriver: false,
    unlimitedKm: false,
    protection: rental.protection ?? 'basic',
    options: [],
  });
  await page.goto(`/vehicule/${rental.vehicleSlug}/options`);
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  if (signedIn) await expect(page).toHaveURL(/\/checkout$/);
}

/** A driver who meets every rental condition, by the labels of checkout step 1. */
export const DRIVER = {
  Prénom: 'Camille',
  Nom: 'Lefèvre',
  'Date de naissance': '1985-06-15',
  Téléphone: '+33 6 11 22 33 44',
  'Numéro de permis': '12AB34567',
  'Date d’obtention du permis': '2005-09-01',
  Adresse: '8 rue de la Paix',
  Ville: 'Paris',
  'Code postal': '75002',
};

export const driverForm = (page: Page) => page.getByRole('form', { name: 'Conducteur principal' });

export async function fillDriver(page: Page, values: Partial<typeof DRIVER> = {}) {
  for (const [label, value] of Object.entries({ ...DRIVER, ...values })) {
    await driverForm(page).getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

/** Step 1 filled and valid, step 2 passed: the payment step is open. */
export async function reachPayment(page: Page, driver: Partial<typeof DRIVER> = {}) {
  await fillDriver(page, driver);
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Récapitulatif de la réservation' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement sécurisé' })).toBeVisible();
}

/** The built-in processor's card form ('mode démonstration'). */
export async function fillSandboxCard(page: Page, number: string) {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel('Expiration (MM/AA)').fill(CARD_EXPIRY);
  await page.getByLabel('Cryptogramme (CVC)').fill('123');
}

export const termsCheckbox = (page: Page) =>
  page.getByRole('checkbox', {
    name: 'J’accepte les conditions générales de location et la politique de confidentialité',
  });

import { expect, test, type Locator, type Page } from '../support/test';
import { adminRequest, createVerifiedAccount } from '../support/accounts';
import { CARD_EXPIRY, DRIVER, driverForm, termsCheckbox } from '../support/checkout';
import { localDateTime } from '../support/dates';
import { tabTo, typeDate } from '../support/keyboard';

/** Reaches a control with Tab (a long page has many before it) and presses a key on it. */
async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target, { max: 160 });
  await page.keyboard.press(key);
}

/** Reaches a text field with Tab and types into it, replacing what it held. */
async function type(page: Page, field: Locator, text: string) {
  await tabTo(page, field, { max: 160 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** In a radio group that has the focus, arrows down until `radio` is the chosen one. */
async function choose(page: Page, radio: Locator) {
  for (let presses = 0; presses < 6 && !(await radio.isChecked()); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeChecked();
}

/**
 * The whole booking, from the home page's module to the confirmation, with the keyboard alone:
 * Tab, Shift+Tab, arrows, Space, Enter and typing; no click and no filling by script. The
 * customer is signed in beforehand.
 */
test('a customer books a car from the home page to the confirmation with the keyboard alone @any-width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  // Both viewport projects share one database: each books its own days.
  const day = testInfo.project.name === 'phone' ? 640 : 620;
  await createVerifiedAccount(page.request, await adminRequest(baseURL!));

  await page.goto('/');
  const module = page.getByRole('form', { name: 'Réservez votre véhicule' });
  await type(
    page,
    module.getByRole('combobox', { name: 'Adresse de livraison' }),
    'Neuilly-sur-Seine',
  );
  await expect(page.getByRole('listbox', { name: /Adresse de livraison/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(module.getByRole('combobox', { name: 'Adresse de livraison' })).toHaveValue(
    /Neuilly-sur-Seine/,
  );
  const start = module.getByLabel('Date et heure de départ');
  await tabTo(page, start);
  await typeDate(page, start, localDateTime(day, 10));
  await press(page, module.getByRole('button', { name: 'Suivant' }));
  const end = module.getByLabel('Date et heure de retour');
  await tabTo(page, end);
  await typeDate(page, end, localDateTime(day + 2, 10));
  await press(page, module.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Space');
  await expect(module.getByRole('radio', { name: 'Luxe' })).toBeChecked();
  await press(page, module.getByRole('button', { name: 'Voir les véhicules' }));

  await expect(page).toHaveURL(/\/flotte\?.*category=luxe/);
  await press(page, page.getByRole('link', { name: 'Porsche Panamera' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche Panamera' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Disponible' })).toHaveText(
    'Disponible pour ces dates',
  );
  await press(page, page.getByRole('button', { name: 'Réserver maintenant' }));

  await expect(page).toHaveURL(/\/protection$/);
  await tabTo(page, page.getByRole('radio', { checked: true }), { max: 160 });
  await choose(page, page.getByRole('radio', { name: 'Protection Intermédiaire' }));
  await press(page, page.getByRole('button', { name: 'Continuer', exact: true }));
  await expect(page).toHaveURL(/\/options$/);
  await press(page, page.getByRole('button', { name: 'Continuer vers le paiement' }));

  await expect(page).toHaveURL(/\/checkout$/);
  for (const [label, value] of Object.entries(DRIVER)) {
    const field = driverForm(page).getByRole('textbox', { name: label, exact: true });
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      await tabTo(page, field);
      await typeDate(page, field, value);
    } else {
      await type(page, field, value);
    }
  }
  await press(page, page.getByRole('button', { name: 'Continuer', exact: true }));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Récapitulatif de la réservation' }),
  ).toBeFocused();
  await press(page, page.getByRole('button', { name: 'Continuer', exact: true }));
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement sécurisé' })).toBeFocused();
  await type(page, page.getByLabel('Numéro de carte'), '4242 4242 4242 4242');
  await type(page, page.getByLabel('Expiration (MM/AA)'), CARD_EXPIRY);
  await type(page, page.getByLabel('Cryptogramme (CVC)'), '123');
  await press(page, termsCheckbox(page), 'Space');
  await press(page, page.getByRole('button', { name: 'Payer et réserver' }));

  await expect(page).toHaveURL(/\/confirmation\?payment_intent=pi_sbx_[0-9a-f]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservation confirmée' }),
  ).toBeFocused();
});

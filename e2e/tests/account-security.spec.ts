import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type TestInfo,
} from '@playwright/test';
import { expect, test, waitForAppOnNavigation } from '../support/test';
import { adminRequest, createVerifiedAccount, latestCode, uniqueEmail } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectToast } from '../support/toast';

const RESET_SENT =
  'Si un compte existe pour cette adresse, un lien pour choisir un nouveau mot de passe vient de lui être envoyé. Il est valable 30\u00a0minutes.';

/** The reset link of the latest recovery mail to this address, read from the demo outbox. */
async function mailedResetLink(admin: APIRequestContext, email: string): Promise<string> {
  const link = (await mailedText(admin, email, 'password-reset')).match(
    /https?:\S+reinitialisation=\S+/,
  )?.[0];
  expect(link).toContain('/auth?reinitialisation=');
  return link!;
}

async function newAccount(baseURL: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const account = await createVerifiedAccount(
    api,
    await adminRequest(baseURL),
    uniqueEmail('oubli'),
  );
  await api.dispose();
  return account;
}

test('a forgotten password: from the mailed link to signed in with the new one', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // two accounts' mails read from the outbox, two pages checked by axe
  const { email } = await newAccount(baseURL!);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Mot de passe oublié\u00a0?' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.screenshot({ path: testInfo.outputPath('forgot.png'), fullPage: true });
  await expectNoAxeViolations(page, 'forgotten password');
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si un compte existe' })).toHaveText(
    RESET_SENT,
  );

  const link = await mailedResetLink(await adminRequest(baseURL!), email);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })
    .fill('nouveau-456');
  await page
    .getByRole('textbox', { name: 'Confirmez le mot de passe', exact: true })
    .fill('nouveau-456');
  await page.screenshot({ path: testInfo.outputPath('new-password.png'), fullPage: true });
  await expectNoAxeViolations(page, 'new password');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expectToast(page, 'Mot de passe modifié');
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('nouveau-456');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/profil$/);

  // The link served once: opened again, it is refused in French.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('encore-789');
  await page
    .getByRole('textbox', { name: 'Confirmez le mot de passe', exact: true })
    .fill('encore-789');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expectToast(
    page,
    'Réinitialisation impossible',
    'Ce lien n’est plus valide\u00a0: demandez-en un nouveau.',
  );
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signedInContext(
  newContext: (userAgent?: string) => Promise<BrowserContext>,
  baseURL: string,
  account: { email: string; password: string },
  userAgent?: string,
) {
  const context = await newContext(userAgent);
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: account,
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  return waitForAppOnNavigation(await context.newPage());
}

/** Opens browser contexts as this project's, with another browser's user agent when given. */
function contexts(browser: Browser, baseURL: string, testInfo: TestInfo) {
  const { viewport, hasTouch, userAgent, locale, timezoneId } = testInfo.project.use;
  return (agent?: string) =>
    browser.newContext({
      baseURL,
      viewport,
      hasTouch,
      userAgent: agent ?? userAgent,
      locale,
      timezoneId,
    });
}

/** The text of the latest mail of this template to this address, read from the demo outbox. */
async function mailedText(
  admin: APIRequestContext,
  email: string,
  template: string,
): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const list = await admin.get('/api/v1/admin/mails?pageSize=50');
      const { mails } = (await list.json()) as {
        mails: { id: string; to: string; template: string }[];
      };
      const mail = mails.find((m) => m.to === email && m.template === template);
      if (!mail) return '';
      const detail = await admin.get(`/api/v1/admin/mails/${mail.id}`);
      text = ((await detail.json()) as { text: string }).text;
      return text;
    })
    .not.toBe('');
  return text;
}

test('signing out another device from the profile ends its session', async ({
  browser,
  baseURL,
}, testInfo) => {
  const account = await newAccount(baseURL!);
  const newContext = contexts(browser, baseURL!, testInfo);
  const here = await signedInContext(newContext, baseURL!, account);
  const there = await signedInContext(newContext, baseURL!, account, IPHONE_SAFARI);
  await there.goto('/profil');
  await expect(there.getByRole('heading', { name: 'Mon Profil' })).toBeVisible();

  await here.goto('/profil');
  const list = here.getByRole('list', { name: 'Sessions ouvertes' });
  // This browser, the phone, and the session the account's verification opened.
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: 'Cet appareil' })).toContainText(
    'Chrome sur',
  );
  await expect(list).toContainText('127.0.0.1');
  await here
    .getByRole('region', { name: 'Connexion et sécurité' })
    .screenshot({ path: testInfo.outputPath('sessions.png') });
  await expectNoAxeViolations(here, 'profile, sign-in and security');
  await list.getByRole('button', { name: 'Déconnecter Safari sur iPhone' }).click();
  await expectToast(here, 'Appareil déconnecté');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).not.toContainText('Safari sur iPhone');

  await there.reload();
  await expect(there).toHaveURL(/\/auth$/);
  await here.reload();
  await expect(here.getByRole('heading', { name: 'Mon Profil' })).toBeVisible();
});

test('the e-mail changes from the profile with the code sent to the new address @any-width', async ({
  page,
  baseURL,
}) => {
  const admin = await adminRequest(baseURL!);
  const { email } = await createVerifiedAccount(page.request, admin, uniqueEmail('ancienne'));
  const newEmail = uniqueEmail('nouvelle');
  await page.goto('/profil');
  const section = page.getByRole('region', { name: 'Adresse e-mail' });
  await section.getByLabel('Nouvelle adresse e-mail').fill(newEmail);
  await section.getByRole('button', { name: 'Recevoir un code' }).click();
  await section
    .getByLabel('Code à 6 chiffres')
    .fill(await latestCode(admin, newEmail, 'email-change-code'));
  await section.getByRole('button', { name: 'Confirmer la nouvelle adresse' }).click();
  await expectToast(page, 'Adresse e-mail modifiée');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});

test('a sign-in from a device the account never used is mailed to it, naming the device @any-width', async ({
  browser,
  baseURL,
}, testInfo) => {
  const account = await newAccount(baseURL!);
  const admin = await adminRequest(baseURL!);
  const phone = await signedInContext(
    contexts(browser, baseURL!, testInfo),
    baseURL!,
    account,
    IPHONE_SAFARI,
  );
  await phone.goto('/profil');
  await expect(phone.getByRole('heading', { name: 'Mon Profil' })).toBeVisible();
  const text = await mailedText(admin, account.email, 'security-new-device');
  expect(text).toContain('Safari sur iPhone');
  expect(text).toContain('depuis un appareil qu’il n’avait encore jamais utilisé');
});

import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  adminRequest,
  createVerifiedAccount,
  DEMO_ADMIN,
  DEMO_TOTP_SECRET,
  signOutAnswered,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { totpCode } from '../support/totp';

/** A new account the administrator names agent: the team's pages then ask for a second factor. */
async function newAgent(api: APIRequestContext, admin: APIRequestContext) {
  const agent = await createVerifiedAccount(api, admin);
  const named = await admin.post('/api/v1/admin/agents', { data: { email: agent.email } });
  expect(named.ok()).toBe(true);
  return agent;
}

async function signInWithPassword(page: Page, email: string, password: string, site = '') {
  await page.goto(`${site}/auth`);
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

async function signOut(page: Page, site = '') {
  await page.goto(`${site}/profil`);
  const ended = signOutAnswered(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await ended;
}

/** A screenshot kept with the test's results, to look at the page on a phone and a desktop. */
const shoot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });

test('an agent enrols an authenticator app, then signs in with its code and with a backup code once', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = await adminRequest(baseURL!);
  const agent = await newAgent(page.request, admin);

  // The team's page sends the agent to enrol a second factor first.
  await page.goto('/equipe');
  await expect(page).toHaveURL(/\/securite\/second-facteur\?suite=%2Fequipe$/);
  await expect(
    page.getByRole('heading', { name: 'Choisissez votre second facteur' }),
  ).toBeVisible();
  await shoot(page, testInfo, 'enrolment');
  await expectNoAxeViolations(page, 'second factor enrolment');
  await page.getByRole('button', { name: /Application d’authentification/ }).click();
  await page.getByLabel('Mot de passe actuel').fill(agent.password);
  await page.getByRole('button', { name: 'Continuer' }).click();
  const secret = (await page.getByLabel('Clé à saisir dans l’application').inputValue()).replaceAll(
    ' ',
    '',
  );
  await shoot(page, testInfo, 'enrolment-secret');
  await expectNoAxeViolations(page, 'authenticator app enrolment');
  await page.getByLabel('Code affiché par l’application').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Activer' }).click();
  const list = page.getByRole('list', { name: 'Codes de secours' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page, 'backup codes');
  const backupCode = (await list.getByRole('listitem').first().textContent())!.trim();
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(page).toHaveURL(/\/equipe$/);
  await expect(page.getByRole('heading', { name: 'Mes missions' })).toBeVisible();

  // Signed out, the password alone is not enough: the app's code is asked.
  await signOut(page);
  await signInWithPassword(page, agent.email, agent.password);
  await expect(page.getByRole('heading', { name: 'Second facteur' })).toBeVisible();
  await shoot(page, testInfo, 'challenge');
  await expectNoAxeViolations(page, 'second factor at sign-in');
  await page.getByLabel('Code de l’application (6 chiffres)').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto('/equipe');
  await expect(page.getByRole('heading', { name: 'Mes missions' })).toBeVisible();

  // A backup code lets the agent in once; the second time it is refused.
  for (const attempt of ['first', 'second']) {
    await signOut(page);
    await signInWithPassword(page, agent.email, agent.password);
    await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
    await page.getByLabel('Code de secours').fill(backupCode);
    await page.getByRole('button', { name: 'Valider' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/profil$/);
    } else {
      await expect(page.getByRole('alert')).toHaveText(
        'Code de secours incorrect ou déjà utilisé.',
      );
      await shoot(page, testInfo, 'backup-code-refused');
    }
  }
});

test('the administrator gives the authenticator’s code after the password and reaches the console', async ({
  page,
}, testInfo) => {
  await signInWithPassword(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Second facteur' })).toBeVisible();
  // Before the code, the console stays closed.
  expect((await page.request.get('/api/v1/admin/access')).status()).toBe(401);
  await shoot(page, testInfo, 'admin-challenge');
  await page.getByLabel('Code de l’application (6 chiffres)').fill(totpCode(DEMO_TOTP_SECRET));
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
});

test('an agent enrols a passkey of the phone, then signs in with it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = await adminRequest(baseURL!);
  // Passkeys belong to a domain, not an IP address: the demo makes them for localhost.
  const site = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const agent = await newAgent(page.request, admin);
  // The account was made through the API at 127.0.0.1; the browser signs in at localhost.
  await signInWithPassword(page, agent.email, agent.password, site);
  await expect(page).toHaveURL(/\/securite\/second-facteur\?suite=%2Fprofil$/);
  await page.getByRole('button', { name: /Clé d’accès/ }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto(`${site}/equipe`);
  await expect(page.getByRole('heading', { name: 'Mes missions' })).toBeVisible();

  // Signed out: the passkey alone signs the agent in.
  await signOut(page, site);
  await page.goto(`${site}/auth`);
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto(`${site}/equipe`);
  await expect(page.getByRole('heading', { name: 'Mes missions' })).toBeVisible();

  // With the password, the passkey is then asked as the second factor.
  await signOut(page, site);
  await signInWithPassword(page, agent.email, agent.password, site);
  await expect(page.getByRole('heading', { name: 'Second facteur' })).toBeVisible();
  await shoot(page, testInfo, 'passkey-challenge');
  await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goto(`${site}/equipe`);
  await expect(page.getByRole('heading', { name: 'Mes missions' })).toBeVisible();
});

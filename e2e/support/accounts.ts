import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { secretOfUri, totpCode } from './totp';

export const DEMO_ADMIN = { email: 'admin@vroum-prestige.fr', password: 'Demo-Vroum-2026' };
/** The demo team's authenticator secret, printed at start in demo mode with the accounts. */
export const DEMO_TOTP_SECRET = 'VROUMPRESTIGEDEMOSECONDFACTORXYZ';

/**
 * The answer of the sign-out the next click starts: to wait for before loading another page. The
 * app shows home first, then ends the session; a page loaded before the answer would still find
 * it (and loading one cancels the request).
 */
export const signOutAnswered = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-out'));

/**
 * Signs a request context in as the demo administrator: the password, then the authenticator's
 * code (staff pass a second factor, the demo's too).
 */
export async function signInAsDemoAdmin(api: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const response = await api.post('/api/auth/sign-in/email', { data: DEMO_ADMIN, headers });
  expect(response.ok()).toBe(true);
  const code = totpCode(DEMO_TOTP_SECRET);
  const verified = await api.post('/api/auth/two-factor/verify-totp', { data: { code }, headers });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** A request context signed in as the demo administrator (reads the demo mailbox). */
export async function adminRequest(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInAsDemoAdmin(context, baseURL);
  return context;
}

/** Signs the page's context in as the demo administrator. */
export async function signInAsAdmin(page: Page, baseURL: string) {
  await signInAsDemoAdmin(page.request, baseURL);
}

/**
 * Gives the account signed in on `api` an authenticator app, as the second factor's page does
 * (its password, then a first code): an agent's session then opens the team's pages. Answers the
 * secret.
 */
export async function enrolAuthenticator(
  api: APIRequestContext,
  baseURL: string,
  password = 'secret-123',
): Promise<string> {
  const headers = { origin: baseURL };
  const enable = await api.post('/api/auth/two-factor/enable', { data: { password }, headers });
  expect(enable.ok(), await enable.text()).toBe(true);
  const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
  const code = totpCode(secret);
  const verified = await api.post('/api/auth/two-factor/verify-totp', { data: { code }, headers });
  expect(verified.ok(), await verified.text()).toBe(true);
  return secret;
}

/** The latest 6-digit code mailed to this address, read from the demo mailbox. */
export async function latestCode(
  admin: APIRequestContext,
  email: string,
  template = 'verification-code',
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = await admin.get('/api/v1/admin/mails?pageSize=50');
      const { mails } = (await list.json()) as {
        mails: { id: string; to: string; template: string }[];
      };
      const mail = mails.find((m) => m.to === email && m.template === template);
      if (!mail) return undefined;
      const detail = await admin.get(`/api/v1/admin/mails/${mail.id}`);
      code = ((await detail.json()) as { text: string }).text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

export const uniqueEmail = (prefix = 'client') =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.fr`;

/** Creates a verified account through the API; the page's context then holds its session. */
export async function createVerifiedAccount(
  api: APIRequestContext,
  admin: APIRequestContext,
  email = uniqueEmail(),
  password = 'secret-123',
): Promise<{ email: string; password: string }> {
  expect(
    (await api.post('/api/auth/sign-up/email', { data: { email, password, name: '' } })).ok(),
  ).toBe(true);
  const otp = await latestCode(admin, email);
  expect((await api.post('/api/auth/email-otp/verify-email', { data: { email, otp } })).ok()).toBe(
    true,
  );
  return { email, password };
}

/** The console's users list, searched for this e-mail: the customer's entry. */
export async function consoleUser(page: Page, email: string): Promise<Locator> {
  await page.goto('/admin?tab=utilisateurs');
  await page.getByLabel('Nom, e-mail, téléphone ou ville').fill(email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  return page.getByRole('listitem', { name: email });
}

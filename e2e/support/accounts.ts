import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@vroum-prestige.fr', password: 'Demo-Vroum-2026' };

/** A request context signed in as the demo administrator (reads the demo mailbox). */
export async function adminRequest(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await context.post('/api/auth/sign-in/email', { data: DEMO_ADMIN });
  expect(response.ok()).toBe(true);
  return context;
}

/** Signs the page's context in as the demo administrator. */
export async function signInAsAdmin(page: Page, baseURL: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: DEMO_ADMIN,
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
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

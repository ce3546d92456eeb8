import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMail, OutboxMailList } from '@vroum/core/mail';
import { signIn, signUpUser, type SignedInUser } from '../../helpers/auth';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let customer: SignedInUser;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpUser(ctx, 'camille.roux@example.fr');
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

const requestWelcome = (payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/me/welcome-email',
    headers: {
      origin: ctx.config.site.publicUrl,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(payload),
  });

describe('GET /api/v1/admin/mails (demo mailbox)', () => {
  it('refuses an anonymous caller with 401', async () => {
    const response = await get('/api/v1/admin/mails');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('refuses a customer with 403', async () => {
    const response = await get('/api/v1/admin/mails', customer.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'forbidden', message: "Vous n'avez pas les permissions d'administrateur" },
    });
    expect(
      (await get('/api/v1/admin/mails/00000000-0000-4000-8000-000000000000', customer.cookie))
        .statusCode,
    ).toBe(403);
  });

  it('lists the mails newest first for the administrator', async () => {
    await requestWelcome({ firstName: 'Camille' }, customer.cookie);
    const response = await get('/api/v1/admin/mails', adminCookie);
    expect(response.statusCode).toBe(200);
    const list = OutboxMailList.parse(response.json());
    expect(list).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(list.mails.map((mail) => [mail.template, mail.to, mail.status])).toEqual([
      ['welcome', 'camille.roux@example.fr', 'pending'],
      ['verification-code', 'camille.roux@example.fr', 'pending'],
    ]);
    expect(list.mails[0]).toMatchObject({
      subject: 'Bienvenue chez Vroum Prestige',
      attempts: 0,
      sentAt: null,
    });
  });

  it('pages through the mails', async () => {
    const response = await get('/api/v1/admin/mails?page=2&pageSize=1', adminCookie);
    const list = OutboxMailList.parse(response.json());
    expect(list).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(list.mails.map((mail) => mail.template)).toEqual(['verification-code']);
  });

  it('refuses a page size above 100 with a 400 naming the field', async () => {
    const response = await get('/api/v1/admin/mails?pageSize=500', adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { field: 'pageSize', message: 'La taille de page doit être comprise entre 1 et 100.' },
    });
  });

  it('shows one mail with its text and HTML bodies', async () => {
    const list = OutboxMailList.parse((await get('/api/v1/admin/mails', adminCookie)).json());
    const response = await get(`/api/v1/admin/mails/${list.mails[1]!.id}`, adminCookie);
    expect(response.statusCode).toBe(200);
    const mail = OutboxMail.parse(response.json());
    expect(mail.template).toBe('verification-code');
    expect(mail.text).toMatch(/Vérifiez votre adresse e-mail[\s\S]*\b\d{6}\b/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.lastError).toBeNull();
  });

  it('answers 404 for an unknown mail and 400 for a malformed id', async () => {
    const unknown = await get(
      '/api/v1/admin/mails/00000000-0000-4000-8000-000000000000',
      adminCookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'mail_not_found', message: 'E-mail introuvable.' },
    });
    expect((await get('/api/v1/admin/mails/pas-un-id', adminCookie)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/me/welcome-email', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await requestWelcome({})).statusCode).toBe(401);
  });

  it('refuses a first name longer than 80 characters', async () => {
    const response = await requestWelcome({ firstName: 'A'.repeat(81) }, customer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { field: 'firstName', message: 'Le prénom ne doit pas dépasser 80 caractères.' },
    });
  });

  it('queues the welcome mail to the account’s own address once, whatever the number of calls', async () => {
    const user = await signUpUser(ctx, 'theo.martin@example.fr');
    const first = await requestWelcome({ firstName: 'Théo' }, user.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ queued: true });

    const again = await requestWelcome({ firstName: 'Quelqu’un d’autre' }, user.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ queued: false });

    const { rows } = await ctx.db.query<{ text: string; html: string }>(
      `select text, html from email_outbox where to_address = $1 and template = 'welcome'`,
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toMatch(/^Bonjour Théo,/);
    expect(rows[0]!.html).toContain('Bonjour Théo,');
  });
});

describe('API documentation', () => {
  it('documents the mailbox and welcome routes', async () => {
    const document = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/mails',
        '/api/v1/admin/mails/{id}',
        '/api/v1/me/welcome-email',
      ]),
    );
  });
});

describe('demo mailbox outside demo mode', () => {
  let live: TestContext;
  beforeAll(async () => {
    live = await createTestApp({ DEMO_MODE: 'false' });
  });
  afterAll(() => live.close());

  it('answers 404 even to the administrator', async () => {
    const cookie = await signIn(live, live.config.admin.email, live.config.admin.password!);
    for (const url of [
      '/api/v1/admin/mails',
      '/api/v1/admin/mails/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await live.app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'mailbox_unavailable',
          message: 'La boîte d’envoi n’est consultable qu’en mode démonstration.',
        },
      });
    }
  });
});

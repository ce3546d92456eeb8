import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type SignedInUser } from '../helpers/auth';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let user: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUpUser(ctx);
});
afterAll(() => ctx.close());

const refused = {
  error: { code: 'invalid_character', message: 'La requête contient un caractère non autorisé.' },
};

describe('a NUL character', () => {
  it('is refused in a path parameter with a French 400', async () => {
    const answer = await ctx.app.inject({ url: '/api/v1/vehicles/a%00b' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject(refused);
  });

  it('is refused in a quote’s address and in the profile', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      headers: { origin: ctx.config.site.publicUrl },
      payload: {
        vehicleSlug: 'porsche-panamera',
        start: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        end: new Date(Date.now() + 12 * 86_400_000).toISOString(),
        deliveryAddress: '10 rue de Rivoli\u0000, 75001 Paris',
        protection: 'basic',
        options: [],
      },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json()).toMatchObject(refused);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { origin: ctx.config.site.publicUrl, cookie: user.cookie },
      payload: { firstName: 'A\u0000' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject(refused);
  });

  it('is refused in a query string', async () => {
    const answer = await ctx.app.inject({ url: '/api/v1/addresses?q=rue%00de' });
    expect(answer.statusCode).toBe(400);
  });
});

describe('answers outside the routes', () => {
  it('answers a path parameter over 100 characters in French, with the security headers', async () => {
    const answer = await ctx.app.inject({ url: `/api/v1/vehicles/${'a'.repeat(120)}` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual({
      error: { code: 'uri_too_long', message: 'L’adresse demandée est trop longue.' },
    });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('answers the sign-in layer’s failures as { error: { code, message } } in French', async () => {
    const post = (url: string, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { origin: ctx.config.site.publicUrl, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const invalid = await post('/api/auth/sign-up/email', { email: 'pas-un-email', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: expect.any(String), message: expect.stringMatching(/invalide|caractères/) },
    });
    const unknown = await ctx.app.inject({ url: '/api/auth/inconnu' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'not_found', message: 'Ressource introuvable.' },
    });
    expect(unknown.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

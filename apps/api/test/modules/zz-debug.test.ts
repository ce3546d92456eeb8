import type { AddressInfo } from 'node:net';
import { it } from 'vitest';
import { signUpUser } from '../helpers/auth';
import { createTestApp } from '../helpers/test-app';

it('closes', async () => {
  const ctx = await createTestApp();
  const alice = await signUpUser(ctx, 'alice@example.fr');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers: { cookie: alice.cookie }, signal: controller.signal });
  const reader = response.body!.getReader();
  console.log(new TextDecoder().decode((await reader.read()).value));
  // controller.abort();
  const t = Date.now();
  // no manual close
  console.log('hub closed', Date.now() - t);
  await ctx.app.close();
  console.log('app closed', Date.now() - t);
  await ctx.db.close();
  console.log('db closed', Date.now() - t);
}, 60000);

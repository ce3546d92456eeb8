import { hashPassword as libraryHash } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { passwordHashing } from '../../src/lib/password-hashing';

const standard = passwordHashing('standard');
const light = passwordHashing('light');

describe('password hashing', () => {
  it('verifies a hash the authentication library wrote, so existing accounts still sign in', async () => {
    const hash = await libraryHash('Secret-123456');
    expect(await standard.verify({ hash, password: 'Secret-123456' })).toBe(true);
    expect(await standard.verify({ hash, password: 'Secret-123457' })).toBe(false);
  });

  it('writes at the standard cost in the library’s own format', async () => {
    const hash = await standard.hash('Secret-123456');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await standard.verify({ hash, password: 'Secret-123456' })).toBe(true);
  });

  it('names the light cost in its hash, which verifies whatever the server’s setting', async () => {
    const hash = await light.hash('Secret-123456');
    expect(hash).toMatch(/^n1024:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await standard.verify({ hash, password: 'Secret-123456' })).toBe(true);
    expect(await standard.verify({ hash, password: 'secret-123456' })).toBe(false);
  });

  it('refuses a malformed hash or a cost it does not write, without computing it', async () => {
    const valid = await light.hash('Secret-123456');
    const [, salt, key] = valid.split(':');
    for (const hash of ['', 'abc', `${salt}:`, `n1:${salt}:${key}`, `n1024:${salt}:${key}:x`]) {
      expect(await standard.verify({ hash, password: 'Secret-123456' })).toBe(false);
    }
  });

  it('is light under NODE_ENV=test, standard elsewhere, and never light in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).auth.passwordHashCost).toBe('light');
    expect(loadConfig({ NODE_ENV: 'development' }).auth.passwordHashCost).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'production' }).auth.passwordHashCost).toBe('standard');
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'light' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
  });
});

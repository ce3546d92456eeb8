import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, PUBLISHED_AUTH_SECRET } from '../../src/config';
import { readOrCreateSecret, withStoredAuthSecret } from '../../src/lib/stored-secret';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vroum-secret-'));
  dirs.push(dir);
  return dir;
}

describe('signing secret', () => {
  it('is random, never the published one, when AUTH_SECRET is not set', () => {
    const { auth } = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    expect(auth.secret).not.toBe(PUBLISHED_AUTH_SECRET);
    expect(auth.secret.length).toBeGreaterThanOrEqual(32);
    expect(auth.secretFile).toBeUndefined();
  });

  it('refuses the published secret unless the server listens on a loopback address', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AUTH_SECRET: PUBLISHED_AUTH_SECRET })).toThrow(
      /published in the source/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', AUTH_SECRET: PUBLISHED_AUTH_SECRET, HOST: '127.0.0.1' }).auth
        .secret,
    ).toBe(PUBLISHED_AUTH_SECRET);
  });

  it('is created at first start in the data folder, private, and read again at the next', async () => {
    const dir = await dataDir();
    const first = await withStoredAuthSecret(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(first.auth.secretFile).toBe(join(dir, 'auth-secret'));
    expect((await stat(join(dir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    const second = await withStoredAuthSecret(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(second.auth.secret).toBe(first.auth.secret);
    expect(first.auth.secret).not.toBe(PUBLISHED_AUTH_SECRET);
  });

  it('is the same for instances starting at the same time, with no file left behind', async () => {
    const dir = await dataDir();
    const file = join(dir, 'nested', 'auth-secret');
    const secrets = await Promise.all(Array.from({ length: 8 }, () => readOrCreateSecret(file)));
    expect(new Set(secrets).size).toBe(1);
    expect(await readdir(join(dir, 'nested'))).toEqual(['auth-secret']);
  });

  it('keeps a secret given by AUTH_SECRET and writes nothing', async () => {
    const dir = await dataDir();
    const secret = 'x'.repeat(40);
    const config = await withStoredAuthSecret(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, AUTH_SECRET: secret }),
    );
    expect(config.auth.secret).toBe(secret);
    expect(await readdir(dir)).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Config } from '../config';

/**
 * The configuration with its signing secret kept with the data when AUTH_SECRET is not set:
 * the first start writes a random one (readable by the server's user only), later starts read it.
 */
export async function withStoredAuthSecret(config: Config): Promise<Config> {
  const file = config.auth.secretFile;
  if (!file) return config;
  return { ...config, auth: { ...config.auth, secret: await readOrCreateSecret(file) } };
}

export async function readOrCreateSecret(file: string): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  // Written aside then linked into place: link fails when the file exists, so two instances
  // starting at once keep the first secret, and no reader ever sees a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new Error(
      `Invalid configuration:\n  ${file} must hold a secret of 32 characters or more`,
    );
  }
  return secret;
}

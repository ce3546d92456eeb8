import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';

const MIGRATIONS_DIR = new URL('../../src/db/migrations/', import.meta.url);

/** Names the migrations as they are now: an image built from other migrations is never reused. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(new URL(file, MIGRATIONS_DIR)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded database with every migration applied, as a tarball: built once per version of
 * the migrations and kept in the temporary directory, so that each test file opens its database
 * in a fraction of the time creating and migrating an empty one takes. Written under another
 * name and renamed, so a file running at the same time never reads half an image.
 */
export function migratedPgliteImage(): Promise<Blob> {
  // Read once per process: a worker's test files share their modules, and reading the 43 MB
  // image again cost each file 0.1-0.2 s of CPU. A Blob cannot be changed, so sharing it is safe.
  imageOfThisProcess ??= readOrBuildPgliteImage().catch((error: unknown) => {
    imageOfThisProcess = undefined;
    throw error;
  });
  return imageOfThisProcess;
}

let imageOfThisProcess: Promise<Blob> | undefined;

async function readOrBuildPgliteImage(): Promise<Blob> {
  const path = join(tmpdir(), `vroum-pglite-${migrationsKey()}.tar`);
  if (existsSync(path)) return new Blob([await readFile(path)]);
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(db);
    const image = await db.image!();
    const partial = `${path}.${process.pid}.${Date.now()}`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, path);
    return image;
  } finally {
    await db.close();
  }
}

/**
 * The name of a database on the server at `serverUrl` with every migration applied, which test
 * databases copy (`create database … template`). Built once per version of the migrations, under
 * a lock so that files starting together build it once, and renamed only when complete.
 */
export async function migratedTemplateDatabase(serverUrl: string): Promise<string> {
  const name = `vroum_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7212002)');
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const db = await openDatabase({ url: url.toString() });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(7212002)').catch(() => undefined);
    await admin.end();
  }
}

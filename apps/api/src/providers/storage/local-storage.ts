import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ObjectStorage } from './object-storage';
import { assertSafeKey } from './storage-key';

interface ObjectMeta {
  contentType: string;
}

/**
 * The built-in adapter: objects in a local folder (STORAGE_DIR). Layout: `objects/<key>` holds the
 * bytes, `meta/<key>.json` the content type, `tmp/` the files being written (each put is
 * written aside, then renamed into place, so a reader never sees half an object).
 * Folders are created on first write.
 */
export function createLocalStorage(directory: string): ObjectStorage {
  const root = resolve(directory);

  function pathOf(area: 'objects' | 'meta', key: string): string {
    assertSafeKey(key);
    const base = join(root, area);
    const path = resolve(base, area === 'meta' ? `${key}.json` : key);
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return path;
  }

  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const temporary = join(root, 'tmp', randomUUID());
    await mkdir(dirname(temporary), { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  return {
    name: 'local',

    async put(key, body, contentType) {
      const meta: ObjectMeta = { contentType };
      await writeAtomically(pathOf('meta', key), JSON.stringify(meta));
      await writeAtomically(pathOf('objects', key), body);
    },

    async get(key) {
      const path = pathOf('objects', key);
      const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      const meta = await readMeta(pathOf('meta', key));
      return {
        body: createReadStream(path),
        contentType: meta?.contentType ?? 'application/octet-stream',
        size: info.size,
      };
    },

    async delete(key) {
      await rm(pathOf('objects', key), { force: true });
      await rm(pathOf('meta', key), { force: true });
    },
  };
}

async function readMeta(path: string): Promise<ObjectMeta | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ObjectMeta;
  } catch {
    return null;
  }
}

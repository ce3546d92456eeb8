import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../../src/providers/storage/local-storage';
import type { ObjectStorage } from '../../../src/providers/storage/object-storage';
import { readBody } from './read-body';

let parent: string;
let storage: ObjectStorage;
beforeAll(async () => {
  // The storage folder sits inside `parent`, so that an escape would show up beside it.
  parent = await mkdtemp(join(tmpdir(), 'vroum-local-storage-'));
  storage = createLocalStorage(join(parent, 'storage'));
});
afterAll(() => rm(parent, { recursive: true, force: true }));

const key = '3f1c2b9e-0000-4000-8000-000000000001/id_card_1767225600000.pdf';

describe('local storage', () => {
  it('keeps the bytes, the content type and the size of an object', async () => {
    await storage.put(key, Buffer.from('%PDF-1.4 contenu'), 'application/pdf');
    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'application/pdf', size: 16 });
    expect((await readBody(object!)).toString()).toBe('%PDF-1.4 contenu');
  });

  it('replaces an object stored again under the same key', async () => {
    await storage.put(key, Buffer.from('v2'), 'image/png');
    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'image/png', size: 2 });
    expect((await readBody(object!)).toString()).toBe('v2');
  });

  it('answers null for a missing key, and deletes idempotently', async () => {
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await storage.get('someone/never_stored.pdf')).toBeNull();
  });

  it.each([
    '../outside.pdf',
    'user/../../outside.pdf',
    '/etc/passwd',
    'user\\..\\..\\outside.pdf',
    'user/./id_card.pdf',
    'user//id_card.pdf',
    '.hidden',
    '',
  ])('refuses the key %j, which could leave its folder', async (unsafe) => {
    await expect(storage.put(unsafe, Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get(unsafe)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(unsafe)).rejects.toThrow(/Unsafe storage key/);
    expect(await readdir(parent)).toEqual(['storage']);
  });
});

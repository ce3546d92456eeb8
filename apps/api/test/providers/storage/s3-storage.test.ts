import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { createStorage } from '../../../src/providers/storage/create-storage';
import type { ObjectStorage } from '../../../src/providers/storage/object-storage';
import { createS3Storage, type S3StorageConfig } from '../../../src/providers/storage/s3-storage';
import { readBody } from './read-body';

// s3rver speaks S3's wire format (SigV4-signed requests, XML errors) on a local port.
let directory: string;
let server: S3rver;
let config: S3StorageConfig;
let storage: ObjectStorage;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'vroum-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'documents', configs: [] }],
  });
  const { port } = await server.run();
  config = {
    provider: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'documents',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  storage = createS3Storage(config);
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const key = '3f1c2b9e-0000-4000-8000-000000000001/driver_license_1767225600000.png';

describe('S3-compatible storage', () => {
  it('puts, gets and deletes an object', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await storage.put(key, png, 'image/png');

    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'image/png', size: png.length });
    expect(await readBody(object!)).toEqual(png);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('answers null for a missing key and deletes a missing key without error', async () => {
    expect(await storage.get('nobody/id_card_1.pdf')).toBeNull();
    await expect(storage.delete('nobody/id_card_1.pdf')).resolves.toBeUndefined();
  });

  // s3rver checks the access key but not SigV4 signatures themselves.
  it('surfaces a refusal by the server (unknown access key) instead of answering null', async () => {
    const intruder = createS3Storage({
      ...config,
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' },
    });
    await storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    await expect(intruder.get(key)).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    await storage.delete(key);
  });

  it('refuses keys that could reach another prefix of the bucket', async () => {
    await expect(
      storage.put('../other/x.pdf', Buffer.from('x'), 'application/pdf'),
    ).rejects.toThrow(/Unsafe storage key/);
  });

  it('is the adapter chosen by STORAGE=s3 and the S3_* variables', async () => {
    const { storage: fromEnv } = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: 'documents',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(fromEnv).toEqual(config);
    const configured = await createStorage(fromEnv);
    expect(configured.name).toBe('s3');
    await configured.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await storage.get(key)).toMatchObject({ contentType: 'application/pdf', size: 8 });
  });
});

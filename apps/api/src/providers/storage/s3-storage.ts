import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectStorage, StorageConfig } from './object-storage';
import { assertSafeKey } from './storage-key';

export type S3StorageConfig = Extract<StorageConfig, { provider: 's3' }>;

/**
 * Any S3-compatible service (AWS S3, MinIO, Scaleway, OVHcloud, R2…). Checksums only when the
 * operation requires them: since SDK 3.729 the defaults add CRC32 headers and aws-chunked
 * bodies that many S3-compatible servers refuse (aws-sdk-js-v3 issues #6810, #6819).
 */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // A copy: the SDK writes into the object it is given.
    credentials: config.credentials && { ...config.credentials },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    name: 's3',

    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          // In Node the SDK's body is an http.IncomingMessage, a Readable.
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** A missing key (a missing bucket is a configuration error and must surface). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

import type { Readable } from 'node:stream';

/** `config.storage`: STORAGE=local (default) or s3. */
export type StorageConfig =
  | { provider: 'local'; dir: string }
  | {
      provider: 's3';
      /** Undefined for AWS itself; the URL of any other S3-compatible service. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      forcePathStyle: boolean;
      /** Undefined: the SDK's default chain (environment, instance role…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface StoredObject {
  body: Buffer | Readable;
  contentType: string;
  size: number;
}

/**
 * The storage port: private objects addressed by a key such as
 * `{userId}/id_card_1767225600000.pdf`. Nothing stored here is ever public.
 */
export interface ObjectStorage {
  readonly name: string;
  /** Stores the object, replacing any object under the same key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

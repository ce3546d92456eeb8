import { createLocalStorage } from './local-storage';
import type { ObjectStorage, StorageConfig } from './object-storage';

/** The configured adapter. The S3 SDK is only loaded when S3 is configured. */
export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  if (config.provider === 's3') {
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage(config);
  }
  return createLocalStorage(config.dir);
}

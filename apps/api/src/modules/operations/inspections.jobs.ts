import { deletePhoto, findExpiredPhotos } from './inspections.repository';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../providers/storage/object-storage';

/** What the photos' retention needs: the database and the files. */
export interface InspectionRetentionDeps {
  db: Database;
  storage: ObjectStorage;
}

/** Photos of the car are kept a year after the rental ends (claims, insurers), then deleted. */
export const INSPECTION_PHOTO_RETENTION_DAYS = 365;

/** Deletes the photos past their retention, the stored file first, then its row. */
export async function purgeExpiredInspectionPhotos(deps: InspectionRetentionDeps): Promise<number> {
  const expired = await findExpiredPhotos(deps.db, INSPECTION_PHOTO_RETENTION_DAYS);
  for (const photo of expired) {
    await deps.storage.delete(photo.storage_key);
    await deletePhoto(deps.db, photo.id);
  }
  return expired.length;
}

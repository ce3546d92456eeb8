import type { FastifyInstance } from 'fastify';
import { deletePhoto, findExpiredPhotos } from './inspections.repository';

/** Photos of the car are kept a year after the rental ends (claims, insurers), then deleted. */
export const INSPECTION_PHOTO_RETENTION_DAYS = 365;

/** Deletes the photos past their retention, the stored file first, then its row. */
export async function purgeExpiredInspectionPhotos(app: FastifyInstance): Promise<number> {
  const expired = await findExpiredPhotos(app.db, INSPECTION_PHOTO_RETENTION_DAYS);
  for (const photo of expired) {
    await app.storage.delete(photo.storage_key);
    await deletePhoto(app.db, photo.id);
  }
  return expired.length;
}

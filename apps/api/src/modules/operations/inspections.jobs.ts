import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../audit/audit.service';
import {
  deletePhoto,
  findExpiredPhotos,
  markInspectionPhotosDeleted,
} from './inspections.repository';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../providers/storage/object-storage';

/** What the photos' retention needs: the database, the files and a log. */
export interface InspectionRetentionDeps {
  db: Database;
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Photos of the car are kept a year after the rental ends (claims, insurers), then deleted. */
export const INSPECTION_PHOTO_RETENTION_DAYS = 365;

/**
 * Deletes the photos past their retention, the stored file first, then its row; a file that
 * cannot be deleted now keeps its row and is tried again next round. The sealed report stays
 * (its digest still proves it): each inspection whose photos are all gone records when they
 * were deleted, with an audit entry, so the photos the report names read as deleted by
 * retention, not lost.
 */
export async function purgeExpiredInspectionPhotos(deps: InspectionRetentionDeps): Promise<number> {
  const expired = await findExpiredPhotos(deps.db, INSPECTION_PHOTO_RETENTION_DAYS);
  let deleted = 0;
  for (const photo of expired) {
    try {
      await deps.storage.delete(photo.storage_key);
    } catch (error) {
      deps.log.error({ err: error, storageKey: photo.storage_key }, 'inspection photo not deleted');
      continue;
    }
    await deletePhoto(deps.db, photo.id);
    deleted += 1;
  }
  const bookingIds = [...new Set(expired.map((photo) => photo.booking_id))];
  if (bookingIds.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (const inspection of await markInspectionPhotosDeleted(tx, bookingIds)) {
        await writeAudit(tx, {
          actorUserId: null,
          action: 'inspection.photos_deleted',
          entity: 'inspection',
          entityId: inspection.id,
          before: null,
          after: { bookingId: inspection.booking_id, kind: inspection.kind, reason: 'retention' },
        });
      }
    });
  }
  return deleted;
}

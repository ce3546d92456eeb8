import { randomUUID } from 'node:crypto';
import {
  VEHICLE_PHOTO_MAX_BYTES,
  VEHICLE_PHOTO_TOO_LARGE_MESSAGE,
  VEHICLE_PHOTOS_PER_VEHICLE,
  VehiclePhotoFormat,
  type VehiclePhoto,
} from '@vroum/core/vehicle-photos';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { writeAudit } from '../audit/audit.service';
import type { PhotoVariantWorker } from './photo-variant-worker';
import { makeVariants, preparePhotoSource, sourceKey, variantKey } from './photo-variants';
import {
  deleteVehiclePhoto,
  findStoredPhotos,
  findVehiclePhotoIds,
  findVehiclePhotos,
  insertVehiclePhoto,
  lockVehiclePhotos,
  setVehiclePhotoOrder,
  type StoredPhoto,
} from './vehicle-photos.repository';

export interface VehiclePhotosDeps {
  db: Database;
  storage: ObjectStorage;
  variants: PhotoVariantWorker;
  log: FastifyBaseLogger;
}

/** The formats made while the team waits: enough for every browser to show the photo at once. */
const FORMATS_AT_UPLOAD: VehiclePhotoFormat[] = ['jpeg', 'webp'];

export const photoTooLarge = () =>
  new AppError('file_too_large', VEHICLE_PHOTO_TOO_LARGE_MESSAGE, 413, 'file');
const vehicleNotFound = () => notFound('Véhicule non trouvé', 'vehicle_not_found');
const photoNotFound = () => notFound('Photo introuvable.', 'photo_not_found');
const tooManyPhotos = () =>
  conflict(
    `Ce véhicule a déjà ${VEHICLE_PHOTOS_PER_VEHICLE} photos : supprimez-en une avant d’en ajouter une autre.`,
    'too_many_photos',
  );

export type { StoredPhoto } from './vehicle-photos.repository';

/** A vehicle's photos in their order, read as they are (no lock, no transaction of its own). */
export async function photosOfVehicle(db: Queryable, vehicleId: string): Promise<VehiclePhoto[]> {
  return findVehiclePhotos(db, vehicleId);
}

/** Every stored photo of the vehicle, read in the deleting transaction before the vehicle goes. */
export async function listStoredPhotos(tx: Queryable, vehicleId: string): Promise<StoredPhoto[]> {
  return findStoredPhotos(tx, vehicleId);
}
/** Every object a photo may have in storage: its source and each variant of every format. */
export function photoObjectKeys(photo: Pick<StoredPhoto, 'id' | 'widths'>): string[] {
  return [
    sourceKey(photo.id),
    ...VehiclePhotoFormat.options.flatMap((format) =>
      photo.widths.map((width) => variantKey(photo.id, width, format)),
    ),
  ];
}

/** Removes stored objects; a failure is logged (an orphan object), never shown to the team. */
export async function deletePhotoObjects(
  deps: Pick<VehiclePhotosDeps, 'storage' | 'log'>,
  keys: string[],
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((error: unknown) => {
        deps.log.error({ err: error, storageKey: key }, 'orphan vehicle photo object');
      }),
    ),
  );
}

/** Takes the vehicle's lock, or a French 404 when there is no such vehicle. */
async function lockVehicle(tx: Queryable, vehicleId: string): Promise<void> {
  if (!(await lockVehiclePhotos(tx, vehicleId))) throw vehicleNotFound();
}

export async function listVehiclePhotos(
  deps: Pick<VehiclePhotosDeps, 'db'>,
  vehicleId: string,
): Promise<VehiclePhoto[]> {
  const photos = await deps.db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleId);
    return findVehiclePhotos(tx, vehicleId);
  });
  return photos;
}

/**
 * Adds a photo after the vehicle's others: checked by its content, turned upright, stripped of
 * its metadata; its source and its JPEG and WebP variants are stored before the answer, so the
 * photo shows at once; its AVIF variants follow (the worker). Answers the vehicle's photos.
 */
export async function uploadVehiclePhoto(
  deps: VehiclePhotosDeps,
  adminId: string,
  vehicleId: string,
  data: Buffer,
): Promise<VehiclePhoto[]> {
  if (data.length > VEHICLE_PHOTO_MAX_BYTES) throw photoTooLarge();
  if (data.length === 0) throw badRequest('Le fichier est vide.', 'file', 'empty_file');
  // Refused before the work of the variants when the answer is already known.
  const existing = await deps.db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleId);
    return findVehiclePhotoIds(tx, vehicleId);
  });
  if (existing.length >= VEHICLE_PHOTOS_PER_VEHICLE) throw tooManyPhotos();

  const source = await preparePhotoSource(data);
  const photo: StoredPhoto = {
    id: randomUUID(),
    widths: source.widths,
    formats: FORMATS_AT_UPLOAD,
  };
  const variants = await makeVariants(source.bytes, source.widths, FORMATS_AT_UPLOAD);
  const keys = photoObjectKeys(photo);
  try {
    await deps.storage.put(sourceKey(photo.id), source.bytes, 'image/jpeg');
    for (const variant of variants) {
      await deps.storage.put(
        variantKey(photo.id, variant.width, variant.format),
        variant.bytes,
        variant.contentType,
      );
    }
  } catch (error) {
    deps.log.error({ err: error, storage: deps.storage.name }, 'vehicle photo not stored');
    await deletePhotoObjects(deps, keys);
    throw new AppError('upload_failed', 'La photo n’a pas pu être enregistrée. Réessayez.', 503);
  }

  try {
    const photos = await deps.db.transaction(async (tx) => {
      await lockVehicle(tx, vehicleId);
      if ((await findVehiclePhotoIds(tx, vehicleId)).length >= VEHICLE_PHOTOS_PER_VEHICLE) {
        throw tooManyPhotos();
      }
      await insertVehiclePhoto(tx, {
        ...photo,
        vehicleId,
        width: source.width,
        height: source.height,
        sizeBytes: data.length,
        uploadedBy: adminId,
      });
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'vehicle.photo.add',
        entity: 'vehicle',
        entityId: vehicleId,
        before: null,
        after: { photoId: photo.id, width: source.width, height: source.height },
      });
      return findVehiclePhotos(tx, vehicleId);
    });
    deps.variants.enqueue(photo);
    return photos;
  } catch (error) {
    await deletePhotoObjects(deps, keys);
    throw error;
  }
}

/** Puts the vehicle's photos in the team's order; the first becomes the main photo. */
export async function orderVehiclePhotos(
  deps: Pick<VehiclePhotosDeps, 'db'>,
  adminId: string,
  vehicleId: string,
  photoIds: string[],
): Promise<VehiclePhoto[]> {
  return deps.db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleId);
    const before = await findVehiclePhotos(tx, vehicleId);
    const current = new Set(before.map((photo) => photo.id));
    const sameSet = photoIds.length === current.size && new Set(photoIds).size === photoIds.length;
    if (!sameSet || photoIds.some((id) => !current.has(id))) {
      throw conflict(
        'Les photos de ce véhicule ont changé entre-temps : actualisez la liste puis réessayez.',
        'photos_changed',
      );
    }
    await setVehiclePhotoOrder(tx, vehicleId, photoIds);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'vehicle.photo.order',
      entity: 'vehicle',
      entityId: vehicleId,
      before: { photoIds: before.map((photo) => photo.id) },
      after: { photoIds },
    });
    return findVehiclePhotos(tx, vehicleId);
  });
}

/** Makes a photo the main one: it moves first, the others keep their order. */
export async function makeMainVehiclePhoto(
  deps: Pick<VehiclePhotosDeps, 'db'>,
  adminId: string,
  vehicleId: string,
  photoId: string,
): Promise<VehiclePhoto[]> {
  return deps.db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleId);
    const ids = (await findVehiclePhotos(tx, vehicleId)).map((photo) => photo.id);
    if (!ids.includes(photoId)) throw photoNotFound();
    const order = [photoId, ...ids.filter((id) => id !== photoId)];
    await setVehiclePhotoOrder(tx, vehicleId, order);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'vehicle.photo.main',
      entity: 'vehicle',
      entityId: vehicleId,
      before: { mainPhotoId: ids[0] },
      after: { mainPhotoId: photoId },
    });
    return findVehiclePhotos(tx, vehicleId);
  });
}

/** Deletes a photo: its row (the others close the gap), then its stored objects. */
export async function removeVehiclePhoto(
  deps: VehiclePhotosDeps,
  adminId: string,
  vehicleId: string,
  photoId: string,
): Promise<VehiclePhoto[]> {
  const { removed, photos } = await deps.db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleId);
    const deleted = await deleteVehiclePhoto(tx, vehicleId, photoId);
    if (!deleted) throw photoNotFound();
    const remaining = await findVehiclePhotos(tx, vehicleId);
    await setVehiclePhotoOrder(
      tx,
      vehicleId,
      remaining.map((photo) => photo.id),
    );
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'vehicle.photo.delete',
      entity: 'vehicle',
      entityId: vehicleId,
      before: { photoId },
      after: null,
    });
    return { removed: deleted, photos: await findVehiclePhotos(tx, vehicleId) };
  });
  await deletePhotoObjects(deps, photoObjectKeys(removed));
  return photos;
}

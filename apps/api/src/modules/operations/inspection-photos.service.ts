import { createHash } from 'node:crypto';
import { INSPECTION_PHOTO_MAX_BYTES, type MissionKind } from '@vroum/core/operations';
import { AppError, badRequest } from '../../lib/app-error';
import { reencodePhoto, type ImageFormat } from '../../lib/image-decoding';
import {
  findPhotoSlot,
  inspectionKindOf,
  insertPhoto,
  lockBookingInspections,
  type PhotoSlot,
} from './inspections.repository';
import { ownMission, type OperationsDeps, type Staff } from './operations.service';

const PHOTO_FORMATS: { type: string; format: ImageFormat; magic: number[] }[] = [
  { type: 'image/jpeg', format: 'jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', format: 'png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/webp', format: 'webp', magic: [0x52, 0x49, 0x46, 0x46] },
];

/**
 * Photos one inspection may have: a car has about fifteen zones and a damage six photos at most;
 * beyond forty a phone is sending in a loop, or someone is filling the storage.
 */
export const INSPECTION_PHOTOS_MAX = 40;
/** The phone sends photos of 1600 px at most on their longest side; they are kept so. */
const PHOTO_MAX_SIDE = 1600;
const PHOTO_QUALITY = 88;

const sealed = () =>
  new AppError(
    'inspection_sealed',
    'L’état des lieux est signé : ses photos ne peuvent plus être ajoutées ni remplacées.',
    409,
  );

/**
 * Whether the photo may be received now: 'received' when this very photo is already kept (the
 * phone sending it again after a drop), 'new' when it is to be stored, or a French refusal. A
 * photo, once received, never changes: the report seals the file that is served.
 */
function photoArrival(
  slot: PhotoSlot,
  target: { bookingId: string; kind: MissionKind },
  storageKey: string,
): 'received' | 'new' {
  const kind = inspectionKindOf(target.kind);
  if (slot.existing) {
    if (slot.existing.bookingId !== target.bookingId || slot.existing.kind !== kind) {
      throw new AppError('photo_conflict', 'Cette photo appartient à une autre mission.', 409);
    }
    if (slot.existing.storageKey === storageKey) return 'received';
    if (slot.recorded) throw sealed();
    throw new AppError(
      'photo_conflict',
      'Une autre photo a déjà été reçue sous ce numéro : reprenez la photo.',
      409,
    );
  }
  if (slot.recorded) throw sealed();
  const open =
    target.kind === 'delivery'
      ? slot.bookingStatus === 'confirmed'
      : slot.bookingStatus === 'active';
  if (!open) {
    throw new AppError(
      'mission_closed',
      'Cette mission n’est plus à faire : elle ne reçoit plus de photo.',
      409,
    );
  }
  if (slot.count >= INSPECTION_PHOTOS_MAX) {
    throw new AppError(
      'too_many_photos',
      `Cet état des lieux a déjà ${INSPECTION_PHOTOS_MAX} photos : c’est le maximum.`,
      409,
    );
  }
  return 'new';
}

/**
 * Keeps one photo of the car's state (storage port, private), while its mission is open and its
 * report not signed. The phone chooses the photo's id, so a photo sent again after a network
 * drop finds itself kept; its bytes must be the image type they claim to be and decode in full.
 * It is kept made again as an upright JPEG without metadata, under a name that carries the
 * digest of what the phone sent: a stored photo is never overwritten.
 */
export async function storeInspectionPhoto(
  deps: OperationsDeps,
  staff: Staff,
  target: { bookingId: string; kind: MissionKind; photoId: string },
  photo: { contentType: string; bytes: Buffer },
): Promise<void> {
  await ownMission(deps, staff, target.bookingId, target.kind);
  const format = PHOTO_FORMATS.find(
    (candidate) =>
      candidate.type === photo.contentType &&
      candidate.magic.every((byte, index) => photo.bytes[index] === byte),
  );
  if (!format) {
    throw new AppError('unsupported_photo', 'Photo non reconnue : JPEG, PNG ou WebP.', 415);
  }
  if (photo.bytes.length > INSPECTION_PHOTO_MAX_BYTES) {
    throw new AppError('photo_too_large', 'La photo ne doit pas dépasser 8 MB.', 413);
  }
  const kind = inspectionKindOf(target.kind);
  const digest = createHash('sha256').update(photo.bytes).digest('hex').slice(0, 16);
  const storageKey = `inspections/${target.bookingId}/${kind}/${target.photoId}-${digest}.jpg`;
  const slot = { bookingId: target.bookingId, kind, photoId: target.photoId };
  // Answered before the work of decoding when the answer is already known.
  if (photoArrival(await findPhotoSlot(deps.db, slot), target, storageKey) === 'received') return;

  const decoded = await reencodePhoto(photo.bytes, [format.format], {
    maxSide: PHOTO_MAX_SIDE,
    quality: PHOTO_QUALITY,
  });
  if (!decoded.ok) {
    throw decoded.refusal === 'too_many_pixels'
      ? new AppError(
          'photo_too_many_pixels',
          'Cette photo compte trop de pixels (40 mégapixels au plus) : reprenez-la.',
          413,
        )
      : badRequest(
          'Cette photo est illisible ou endommagée : reprenez-la.',
          undefined,
          'unreadable_photo',
        );
  }
  await deps.storage.put(storageKey, decoded.value.bytes, 'image/jpeg');
  try {
    await deps.db.transaction(async (tx) => {
      await lockBookingInspections(tx, target.bookingId);
      if (photoArrival(await findPhotoSlot(tx, slot), target, storageKey) === 'received') return;
      await insertPhoto(tx, {
        id: target.photoId,
        bookingId: target.bookingId,
        kind,
        storageKey,
        contentType: 'image/jpeg',
        sizeBytes: decoded.value.bytes.length,
        uploadedBy: staff.id,
      });
    });
  } catch (error) {
    // Refused or not recorded: no row names this object (a photo kept has another digest or
    // another booking in its name).
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

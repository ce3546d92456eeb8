import type { VehiclePhoto, VehiclePhotoFormat } from '@vroum/core/vehicle-photos';
import type { Queryable } from '../../db/client';

/** What names a photo's stored objects: its id, its widths and the formats made. */
export interface StoredPhoto {
  id: string;
  widths: number[];
  formats: VehiclePhotoFormat[];
}

/**
 * Takes the vehicle's photos lock for this transaction (changes to one vehicle's photos are made
 * one at a time, so positions stay a sequence); false when there is no such vehicle.
 */
export async function lockVehiclePhotos(tx: Queryable, vehicleId: string): Promise<boolean> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('vehicle-photos:' || $1, 0))`, [
    vehicleId,
  ]);
  const { rows } = await tx.query('select 1 from vehicles where id = $1', [vehicleId]);
  return rows.length > 0;
}

/** The vehicle's photos in the team's order: the main photo first. */
export async function findVehiclePhotos(db: Queryable, vehicleId: string): Promise<VehiclePhoto[]> {
  const { rows } = await db.query<{ photo: VehiclePhoto }>(
    `select vehicle_photo_json(p) as photo from vehicle_photos p
      where p.vehicle_id = $1 order by p.position, p.id`,
    [vehicleId],
  );
  return rows.map((row) => row.photo);
}

export async function insertVehiclePhoto(
  tx: Queryable,
  photo: StoredPhoto & {
    vehicleId: string;
    width: number;
    height: number;
    sizeBytes: number;
    uploadedBy: string;
  },
): Promise<void> {
  // A new photo goes last; it is claimed at once by the instance that goes on making its AVIF.
  await tx.query(
    `insert into vehicle_photos (id, vehicle_id, position, width, height, widths, formats,
       size_bytes, uploaded_by, variants_claimed_at)
     select $1, $2, coalesce(max(position) + 1, 0), $3, $4, $5::int[], $6::text[], $7, $8, now()
       from vehicle_photos where vehicle_id = $2`,
    [
      photo.id,
      photo.vehicleId,
      photo.width,
      photo.height,
      photo.widths,
      photo.formats,
      photo.sizeBytes,
      photo.uploadedBy,
    ],
  );
}

/** The ids of the vehicle's photos, in no particular order. */
export async function findVehiclePhotoIds(tx: Queryable, vehicleId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'select id from vehicle_photos where vehicle_id = $1',
    [vehicleId],
  );
  return rows.map((row) => row.id);
}

/** Numbers the vehicle's photos 0, 1, 2… in the order of `photoIds`. */
export async function setVehiclePhotoOrder(
  tx: Queryable,
  vehicleId: string,
  photoIds: string[],
): Promise<void> {
  await tx.query(
    `update vehicle_photos p set position = o.ordinality - 1
       from unnest($2::uuid[]) with ordinality as o(id, ordinality)
      where p.id = o.id and p.vehicle_id = $1 and p.position <> o.ordinality - 1`,
    [vehicleId, photoIds],
  );
}

/** Deletes one photo of the vehicle; what named its objects, or null when there is none. */
export async function deleteVehiclePhoto(
  tx: Queryable,
  vehicleId: string,
  photoId: string,
): Promise<StoredPhoto | null> {
  const { rows } = await tx.query<StoredPhoto>(
    `delete from vehicle_photos where id = $1 and vehicle_id = $2 returning id, widths, formats`,
    [photoId, vehicleId],
  );
  return rows[0] ?? null;
}

/** Every photo of the vehicle (before the vehicle itself is deleted). */
export async function findStoredPhotos(tx: Queryable, vehicleId: string): Promise<StoredPhoto[]> {
  const { rows } = await tx.query<StoredPhoto>(
    'select id, widths, formats from vehicle_photos where vehicle_id = $1',
    [vehicleId],
  );
  return rows;
}

/**
 * Claims a photo whose AVIF variants are missing and that no instance is making (or whose
 * claim is older than `staleAfterSeconds`: that instance stopped), for this instance.
 */
export async function claimUnfinishedPhoto(
  db: Queryable,
  staleAfterSeconds: number,
): Promise<StoredPhoto | null> {
  const { rows } = await db.query<StoredPhoto>(
    `update vehicle_photos set variants_claimed_at = now()
      where id = (
        select id from vehicle_photos
         where not (formats @> array['avif'])
           and (variants_claimed_at is null
                or variants_claimed_at < now() - make_interval(secs => $1))
         order by created_at limit 1
         for update skip locked)
      returning id, widths, formats`,
    [staleAfterSeconds],
  );
  return rows[0] ?? null;
}

/** Records that the photo's variants of `format` are stored; false when it was deleted meanwhile. */
export async function addPhotoFormat(
  db: Queryable,
  photoId: string,
  format: VehiclePhotoFormat,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update vehicle_photos set variants_claimed_at = null,
       formats = case when formats @> array[$2] then formats else array_append(formats, $2) end
      where id = $1`,
    [photoId, format],
  );
  return rowCount > 0;
}

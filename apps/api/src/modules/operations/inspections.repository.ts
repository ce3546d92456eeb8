import type { Damage, MissionKind } from '@vroum/core/operations';
import type { ReturnCharges as ReturnChargesShape } from '@vroum/core/return-charges';
import type { Queryable } from '../../db/client';
import { openCaseOf } from '../../db/open-cases.repository';

export type InspectionKind = 'handover' | 'return';
export const inspectionKindOf = (kind: MissionKind): InspectionKind =>
  kind === 'delivery' ? 'handover' : 'return';

export interface PhotoRow {
  id: string;
  booking_id: string;
  kind: InspectionKind;
  storage_key: string;
  content_type: string;
}

/**
 * Serialises, for one booking, the photos' arrival and the recording of its inspections: a photo
 * received while a report is being sealed lands either before it (and may be named in it) or
 * after (and finds it recorded). The booking's row is the lock: the handover and the return
 * already hold it when they record, so every transaction takes it first and none waits on
 * another in a circle.
 */
export async function lockBookingInspections(tx: Queryable, bookingId: string): Promise<void> {
  await tx.query('select 1 from bookings where id = $1 for no key update', [bookingId]);
}

/** What a photo's arrival depends on, read under the booking's lock. */
export interface PhotoSlot {
  bookingStatus: string | null;
  /** Whether this booking's inspection of that moment is recorded (its report sealed). */
  recorded: boolean;
  /** The photos already received for this booking and moment. */
  count: number;
  /** The photo already received under this id, wherever it belongs. */
  existing: { bookingId: string; kind: InspectionKind; storageKey: string } | null;
}

export async function findPhotoSlot(
  db: Queryable,
  target: { bookingId: string; kind: InspectionKind; photoId: string },
): Promise<PhotoSlot> {
  const { rows } = await db.query<{
    booking_status: string | null;
    recorded: boolean;
    count: number;
    existing_booking_id: string | null;
    existing_kind: InspectionKind | null;
    existing_key: string | null;
  }>(
    `select (select booking_status from bookings where id = $1) as booking_status,
       exists (select 1 from inspections where booking_id = $1 and kind = $2) as recorded,
       (select count(*)::int from inspection_photos where booking_id = $1 and kind = $2) as count,
       p.booking_id as existing_booking_id, p.kind as existing_kind, p.storage_key as existing_key
     from (select 1) as one left join inspection_photos p on p.id = $3`,
    [target.bookingId, target.kind, target.photoId],
  );
  const row = rows[0]!;
  return {
    bookingStatus: row.booking_status,
    recorded: row.recorded,
    count: row.count,
    existing:
      row.existing_booking_id && row.existing_kind && row.existing_key
        ? {
            bookingId: row.existing_booking_id,
            kind: row.existing_kind,
            storageKey: row.existing_key,
          }
        : null,
  };
}

/**
 * Records a photo of the car once: a photo is never replaced (the id sent again finds the row
 * and writes nothing). Returns false when the id is taken already.
 */
export async function insertPhoto(
  tx: Queryable,
  photo: {
    id: string;
    bookingId: string;
    kind: InspectionKind;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    uploadedBy: string;
  },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into inspection_photos (id, booking_id, kind, storage_key, content_type, size_bytes, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (id) do nothing`,
    [
      photo.id,
      photo.bookingId,
      photo.kind,
      photo.storageKey,
      photo.contentType,
      photo.sizeBytes,
      photo.uploadedBy,
    ],
  );
  return rowCount === 1;
}

export async function findPhotos(
  db: Queryable,
  bookingId: string,
  ids: readonly string[],
): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<PhotoRow>(
    `select id, booking_id, kind, storage_key, content_type from inspection_photos
      where booking_id = $1 and id = any($2::uuid[])`,
    [bookingId, ids],
  );
  return rows;
}

export async function findPhoto(db: Queryable, id: string): Promise<PhotoRow | null> {
  const { rows } = await db.query<PhotoRow>(
    'select id, booking_id, kind, storage_key, content_type from inspection_photos where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export interface NewInspection {
  bookingId: string;
  kind: InspectionKind;
  agentId: string;
  odometerKm: number;
  fuelPercent: number;
  damages: Damage[];
  interiorNote: string;
  keysCount: number;
  accessories: string[];
  identityChecked: boolean;
  atAgency: boolean;
  signerName: string;
  reportKey: string;
  reportSha256: string;
  /** The return's charges and how they are taken (null at the handover). */
  charges?: StoredCharges | null;
  contestUntil?: Date | null;
}

export interface StoredCharges extends ReturnChargesShape {
  fromDepositCents: number;
  cardCents: number;
  promoCode: string | null;
  /** The collection fee paid for another address, given back when the car came to the agency. */
  returnFeeRefundCents?: number;
}

/**
 * Inserts the inspection, under the booking's lock so that no photo arrives for it afterwards;
 * false when this booking's inspection of that moment exists already.
 */
export async function insertInspection(tx: Queryable, inspection: NewInspection): Promise<boolean> {
  await lockBookingInspections(tx, inspection.bookingId);
  const { rowCount } = await tx.query(
    `insert into inspections (booking_id, kind, agent_id, odometer_km, fuel_percent, damages,
       interior_note, keys_count, accessories, identity_checked, at_agency, signer_name,
       report_key, report_sha256, charges, contest_until)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15::jsonb, $16)
     on conflict (booking_id, kind) do nothing`,
    [
      inspection.bookingId,
      inspection.kind,
      inspection.agentId,
      inspection.odometerKm,
      inspection.fuelPercent,
      JSON.stringify(inspection.damages),
      inspection.interiorNote,
      inspection.keysCount,
      JSON.stringify(inspection.accessories),
      inspection.identityChecked,
      inspection.atAgency,
      inspection.signerName,
      inspection.reportKey,
      inspection.reportSha256,
      inspection.charges ? JSON.stringify(inspection.charges) : null,
      inspection.contestUntil ?? null,
    ],
  );
  return rowCount === 1;
}

export async function findInspectionReadings(
  db: Queryable,
  bookingId: string,
  kind: InspectionKind,
): Promise<{ odometerKm: number; fuelPercent: number } | null> {
  const { rows } = await db.query<{ odometer_km: number; fuel_percent: number }>(
    'select odometer_km, fuel_percent from inspections where booking_id = $1 and kind = $2',
    [bookingId, kind],
  );
  const row = rows[0];
  return row ? { odometerKm: row.odometer_km, fuelPercent: row.fuel_percent } : null;
}

export async function findInspectionReport(
  db: Queryable,
  bookingId: string,
  kind: InspectionKind,
): Promise<{ reportKey: string; reportSha256: string } | null> {
  const { rows } = await db.query<{ report_key: string; report_sha256: string }>(
    'select report_key, report_sha256 from inspections where booking_id = $1 and kind = $2',
    [bookingId, kind],
  );
  const row = rows[0];
  return row ? { reportKey: row.report_key, reportSha256: row.report_sha256 } : null;
}

/**
 * Photos of rentals that ended (returned or cancelled) more than `days` ago: their storage keys,
 * for deletion. The signed reports are kept.
 */
/**
 * Photos whose retention has ended: their rental finished (or was cancelled) more than `days`
 * ago, and no case about it is still open (a dispute of the return, a damage claim not yet
 * decided or settled), which keeps them as evidence until it is closed.
 */
export async function findExpiredPhotos(
  db: Queryable,
  days: number,
  limit = 200,
): Promise<{ id: string; booking_id: string; storage_key: string }[]> {
  const { rows } = await db.query<{ id: string; booking_id: string; storage_key: string }>(
    `select p.id, p.booking_id, p.storage_key from inspection_photos p
       join bookings b on b.id = p.booking_id
      where b.booking_status in ('completed', 'cancelled')
        and b.return_date < now() - make_interval(days => $1)
        and not ${openCaseOf('b')}
      order by p.booking_id
      limit $2`,
    [days, limit],
  );
  return rows;
}

export async function deletePhoto(db: Queryable, id: string): Promise<void> {
  await db.query('delete from inspection_photos where id = $1', [id]);
}

/**
 * Records on the bookings' inspections that their photos were deleted by retention, once every
 * photo of that moment is gone; answers the inspections marked now (none twice).
 */
export async function markInspectionPhotosDeleted(
  tx: Queryable,
  bookingIds: string[],
): Promise<{ id: string; booking_id: string; kind: InspectionKind }[]> {
  const { rows } = await tx.query<{ id: string; booking_id: string; kind: InspectionKind }>(
    `update inspections i set photos_deleted_at = now()
      where i.booking_id = any($1::uuid[]) and i.photos_deleted_at is null
        and not exists (select 1 from inspection_photos p
                         where p.booking_id = i.booking_id and p.kind = i.kind)
      returning i.id, i.booking_id, i.kind`,
    [bookingIds],
  );
  return rows;
}

/** Whether an inspection of the booking records its photos deleted by retention. */
export async function photosDeletedByRetention(db: Queryable, bookingId: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from inspections where booking_id = $1 and photos_deleted_at is not null',
    [bookingId],
  );
  return rows.length > 0;
}

export async function findReturnDecision(
  db: Queryable,
  bookingId: string,
): Promise<{ charges: StoredCharges; reportKey: string; contestUntil: Date } | null> {
  const { rows } = await db.query<{
    charges: StoredCharges;
    report_key: string;
    contest_until: Date;
  }>(
    `select charges, report_key, contest_until from inspections
      where booking_id = $1 and kind = 'return'`,
    [bookingId],
  );
  const row = rows[0];
  return row
    ? { charges: row.charges, reportKey: row.report_key, contestUntil: row.contest_until }
    : null;
}

/** What the return's charges depend on: the rental's length and kilometre terms, the handover. */

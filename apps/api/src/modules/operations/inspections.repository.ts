import type { Damage, MissionKind } from '@vroum/core/operations';
import type { ReturnCharges as ReturnChargesShape } from '@vroum/core/return-charges';
import type { Queryable } from '../../db/client';

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
 * Records a photo of the car; the same id sent again (after a network drop) replaces the row of
 * the same booking and moment. Returns false when the id belongs to another booking or moment.
 */
export async function upsertPhoto(
  db: Queryable,
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
  const { rowCount } = await db.query(
    `insert into inspection_photos (id, booking_id, kind, storage_key, content_type, size_bytes, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (id) do update set storage_key = excluded.storage_key,
       content_type = excluded.content_type, size_bytes = excluded.size_bytes, created_at = now()
       where inspection_photos.booking_id = excluded.booking_id
         and inspection_photos.kind = excluded.kind`,
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

/** Inserts the inspection; false when this booking's inspection of that moment exists already. */
export async function insertInspection(tx: Queryable, inspection: NewInspection): Promise<boolean> {
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
export async function findExpiredPhotos(
  db: Queryable,
  days: number,
  limit = 200,
): Promise<{ id: string; storage_key: string }[]> {
  const { rows } = await db.query<{ id: string; storage_key: string }>(
    `select p.id, p.storage_key from inspection_photos p join bookings b on b.id = p.booking_id
      where b.booking_status in ('completed', 'cancelled')
        and b.return_date < now() - make_interval(days => $1)
      limit $2`,
    [days, limit],
  );
  return rows;
}

export async function deletePhoto(db: Queryable, id: string): Promise<void> {
  await db.query('delete from inspection_photos where id = $1', [id]);
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

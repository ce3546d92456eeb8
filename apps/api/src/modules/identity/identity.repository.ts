import type { IdentityFile } from '@vroum/core/rental-steps';
import type { Queryable } from '../../db/client';
import { openCaseOf } from '../../db/open-cases.repository';

export type IdentityCheckStatus =
  'requires_input' | 'processing' | 'verified' | 'canceled' | 'rejected';

export interface IdentityCheckRow {
  id: string;
  user_id: string;
  booking_id: string | null;
  provider: string;
  provider_ref: string | null;
  status: IdentityCheckStatus;
  license_number: string | null;
  license_issue_date: string | null;
  document_expiry_date: string | null;
  document_ids: string[];
  verified_outputs: {
    firstName: string | null;
    lastName: string | null;
    dateOfBirth: string | null;
  } | null;
  rejection_code: string | null;
  rejection_reason: string | null;
  /** The files a rejection asks to replace; null before they were recorded. */
  refused_files: IdentityFile[] | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
}

const COLUMNS = `id, user_id, booking_id, provider, provider_ref, status, license_number,
  license_issue_date, document_expiry_date, document_ids, verified_outputs, rejection_code,
  rejection_reason, refused_files, submitted_at, reviewed_at`;

/** The user's latest identity check, whatever its state. */
export async function findLatestCheck(
  db: Queryable,
  userId: string,
): Promise<IdentityCheckRow | null> {
  const { rows } = await db.query<IdentityCheckRow>(
    `select ${COLUMNS} from identity_checks where user_id = $1
      order by created_at desc, id desc limit 1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function findCheckByProviderRef(
  db: Queryable,
  provider: string,
  ref: string,
): Promise<IdentityCheckRow | null> {
  const { rows } = await db.query<IdentityCheckRow>(
    `select ${COLUMNS} from identity_checks where provider = $1 and provider_ref = $2`,
    [provider, ref],
  );
  return rows[0] ?? null;
}

/** Locks a check until the transaction ends: one decision at a time. */
export async function lockCheck(tx: Queryable, id: string): Promise<IdentityCheckRow | null> {
  const { rows } = await tx.query<IdentityCheckRow>(
    `select ${COLUMNS} from identity_checks where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

export interface NewIdentityCheck {
  userId: string;
  bookingId: string;
  provider: string;
  status: IdentityCheckStatus;
  licenseNumber?: string | null;
  licenseIssueDate?: string | null;
  documentExpiryDate?: string | null;
  documentIds?: string[];
}

export async function insertCheck(tx: Queryable, check: NewIdentityCheck): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into identity_checks (user_id, booking_id, provider, status, license_number,
       license_issue_date, document_expiry_date, document_ids, submitted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb,
       case when $4 = 'processing' then now() end)
     returning id`,
    [
      check.userId,
      check.bookingId,
      check.provider,
      check.status,
      check.licenseNumber ?? null,
      check.licenseIssueDate ?? null,
      check.documentExpiryDate ?? null,
      JSON.stringify(check.documentIds ?? []),
    ],
  );
  return rows[0]!.id;
}

export async function setProviderRef(db: Queryable, id: string, ref: string): Promise<void> {
  await db.query(`update identity_checks set provider_ref = $2, updated_at = now() where id = $1`, [
    id,
    ref,
  ]);
}

/** Any pending check of the user is superseded by a new submission. */
export async function cancelOpenChecks(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update identity_checks set status = 'canceled', updated_at = now()
      where user_id = $1 and status in ('requires_input', 'processing')`,
    [userId],
  );
}

export interface CheckOutcome {
  status: IdentityCheckStatus;
  reviewerId?: string | null;
  rejectionCode?: string | null;
  rejectionReason?: string | null;
  refusedFiles?: IdentityFile[] | null;
  verifiedOutputs?: IdentityCheckRow['verified_outputs'];
}

export async function recordOutcome(tx: Queryable, id: string, outcome: CheckOutcome) {
  await tx.query(
    `update identity_checks set status = $2, reviewed_by = $3, rejection_code = $4,
       rejection_reason = $5, verified_outputs = coalesce($6::jsonb, verified_outputs),
       refused_files = $7::jsonb,
       reviewed_at = case when $2 in ('verified', 'rejected') then now() else reviewed_at end,
       submitted_at = case when $2 = 'processing' then coalesce(submitted_at, now()) else submitted_at end,
       updated_at = now()
      where id = $1`,
    [
      id,
      outcome.status,
      outcome.reviewerId ?? null,
      outcome.rejectionCode ?? null,
      outcome.rejectionReason ?? null,
      outcome.verifiedOutputs ? JSON.stringify(outcome.verifiedOutputs) : null,
      outcome.refusedFiles ? JSON.stringify(outcome.refusedFiles) : null,
    ],
  );
}

/** The newest document of each kind the built-in check needs, by `type:side`. */
export async function findLatestIdentityDocuments(
  db: Queryable,
  userId: string,
): Promise<Map<string, { id: string; uploaded_at: Date }>> {
  const { rows } = await db.query<{ kind: string; id: string; uploaded_at: Date }>(
    `select distinct on (kind) document_type || ':' || coalesce(side, 'front') as kind, id, uploaded_at
       from documents where user_id = $1 and document_type in ('id_card', 'driver_license', 'selfie')
      order by kind, uploaded_at desc`,
    [userId],
  );
  return new Map(rows.map((row) => [row.kind, row]));
}

export async function markDocumentsVerified(tx: Queryable, ids: string[]): Promise<void> {
  await tx.query(`update documents set verified = true where id = any($1::uuid[])`, [ids]);
}

/** The count of checks waiting for the team. */
export async function countChecksInReview(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from identity_checks
      where status = 'processing' and provider = 'builtin'`,
  );
  return rows[0]?.count ?? 0;
}

export interface ReviewRow extends IdentityCheckRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  reference: string | null;
  vehicle_name: string | null;
  category: string | null;
  is_supercar: boolean | null;
  pickup_date: Date | null;
  driver_info: Record<string, string> | null;
}

/** Checks in the given states, oldest submission first, with their booking and driver. */
export async function findReviewRows(
  db: Queryable,
  statuses: IdentityCheckStatus[],
  userId?: string,
): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(
    `select c.id, c.user_id, c.booking_id, c.provider, c.provider_ref, c.status, c.license_number,
        c.license_issue_date, c.document_expiry_date, c.document_ids, c.verified_outputs,
        c.rejection_code, c.rejection_reason, c.refused_files, c.submitted_at, c.reviewed_at,
        u.email, p.first_name, p.last_name, b.reference, v.name as vehicle_name, v.category,
        v.is_supercar, b.pickup_date, b.driver_info
       from identity_checks c join users u on u.id = c.user_id
       left join profiles p on p.user_id = c.user_id
       left join bookings b on b.id = c.booking_id left join vehicles v on v.id = b.vehicle_id
      where c.status = any($1::text[]) and ($2::uuid is null or c.user_id = $2)
      order by (c.status = 'processing') desc,
        case when c.status = 'processing' then c.submitted_at end, c.submitted_at desc nulls last
      limit 100`,
    [statuses, userId ?? null],
  );
  return rows;
}

/**
 * SQL condition: the user `alias` still needs their identity images — a booking pending,
 * confirmed or active, a rental ended less than `$1` days ago, or a case about a rental open.
 */
export const identityStillNeeded = (alias: string) => `exists (select 1 from bookings b
  where b.user_id = ${alias}
    and (b.booking_status in ('pending', 'confirmed', 'active')
      or b.return_date > now() - make_interval(days => $1) or ${openCaseOf('b')}))`;

/** Checks closed whose rentals ended long enough ago: their images are to be removed. */
export async function findChecksToRedact(db: Queryable, days: number) {
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    provider: string;
    provider_ref: string | null;
    document_ids: string[];
  }>(
    `select c.id, c.user_id, c.provider, c.provider_ref, c.document_ids from identity_checks c
      where c.redacted_at is null and c.status in ('verified', 'rejected', 'canceled')
        and not ${identityStillNeeded('c.user_id')}`,
    [days],
  );
  return rows;
}

/**
 * Identity documents sent more than `days` ago that no open check is reading, of users who no
 * longer need them (see `identityStillNeeded`): a document sent for nothing, or replaced, is
 * not kept until the account is deleted.
 */
export async function findExpiredIdentityDocuments(db: Queryable, days: number, limit = 200) {
  const { rows } = await db.query<{ id: string }>(
    `select d.id from documents d
      where d.uploaded_at < now() - make_interval(days => $1)
        and not exists (select 1 from identity_checks c where c.user_id = d.user_id
          and c.redacted_at is null and c.status in ('requires_input', 'processing')
          and c.document_ids ? d.id::text)
        and not ${identityStillNeeded('d.user_id')}
      limit $2`,
    [days, limit],
  );
  return rows.map((row) => row.id);
}

export async function markRedacted(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update identity_checks set redacted_at = now(), verified_outputs = null, updated_at = now()
      where id = $1`,
    [id],
  );
}

/** The main driver given at checkout for the booking that asked for the check. */
export async function findDriverOfBooking(
  db: Queryable,
  bookingId: string,
): Promise<Record<string, string> | null> {
  const { rows } = await db.query<{ driver_info: Record<string, string> | null }>(
    'select driver_info from bookings where id = $1',
    [bookingId],
  );
  return rows[0]?.driver_info ?? null;
}

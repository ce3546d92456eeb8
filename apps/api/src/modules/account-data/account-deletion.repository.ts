import type { Queryable } from '../../db/client';
import { openCaseOf } from '../../db/open-cases.repository';

/** Takes the account's row until the transaction ends: no booking can be written for it meanwhile. */
export async function lockAccount(
  tx: Queryable,
  userId: string,
): Promise<{ email: string; staff: boolean } | null> {
  const { rows } = await tx.query<{ email: string; staff: boolean }>(
    `select u.email, exists (select 1 from user_roles r
              where r.user_id = u.id and r.role in ('admin', 'driver')) as staff
       from users u where u.id = $1 for update`,
    [userId],
  );
  return rows[0] ?? null;
}

export type DeletionBlocker = 'rental_under_way' | 'balance_due' | 'case_open';

/** What stops the account from being deleted now, if anything (first reason found). */
export async function findDeletionBlocker(
  tx: Queryable,
  userId: string,
): Promise<DeletionBlocker | null> {
  const { rows } = await tx.query<{ blocker: DeletionBlocker | null }>(
    `select case
       when exists (select 1 from bookings b where b.user_id = $1
                     and b.booking_status in ('pending', 'confirmed', 'active'))
         then 'rental_under_way'
       when exists (select 1 from bookings b where b.user_id = $1 and b.balance_due_cents > 0)
         then 'balance_due'
       when exists (select 1 from bookings b where b.user_id = $1 and ${openCaseOf('b')})
         then 'case_open'
     end as blocker`,
    [userId],
  );
  return rows[0]?.blocker ?? null;
}

/** The records kept for their legal period, counted for the audit entry. */
export async function countKeptRecords(tx: Queryable, userId: string) {
  const { rows } = await tx.query<{ bookings: number; documents: number; contracts: number }>(
    `select (select count(*)::int from bookings where user_id = $1) as bookings,
            (select count(*)::int from invoicing_documents d join bookings b on b.id = d.booking_id
              where b.user_id = $1) as documents,
            (select count(*)::int from contracts c join bookings b on b.id = c.booking_id
              where b.user_id = $1 and c.status = 'signed') as contracts`,
    [userId],
  );
  return rows[0]!;
}

/** Identity checks at a provider that still holds the images (to redact there too). */
export async function findProviderChecks(tx: Queryable, userId: string) {
  const { rows } = await tx.query<{ provider: string; provider_ref: string }>(
    `select provider, provider_ref from identity_checks
      where user_id = $1 and provider_ref is not null and redacted_at is null`,
    [userId],
  );
  return rows;
}

/**
 * Erases what nothing obliges the company to keep, in the caller's transaction; answers the
 * storage keys of the identity documents, whose files go once it commits. Bookings, contracts,
 * invoices, credit notes, inspections and decided disputes stay, detached from the login (their
 * `user_id` emptied); what they print is never changed. Deleting the user row ends its sessions,
 * sign-in methods, roles, profile, favourites, notifications and personal codes (their foreign
 * keys cascade).
 */
export async function eraseAccount(
  tx: Queryable,
  userId: string,
  email: string,
): Promise<string[]> {
  const documents = await tx.query<{ storage_key: string }>(
    'delete from documents where user_id = $1 returning storage_key',
    [userId],
  );
  await tx.query('delete from identity_checks where user_id = $1', [userId]);
  await tx.query('delete from reviews where user_id = $1', [userId]);
  await tx.query(
    `delete from contract_signing_codes where contract_id in (select c.id from contracts c
       join bookings b on b.id = c.booking_id where b.user_id = $1)`,
    [userId],
  );
  // Reset links name the user; sign-up and e-mail change codes name the address.
  await tx.query(
    `delete from verifications
      where value = $1 or position(lower($2) in lower(identifier)) > 0`,
    [userId, email],
  );
  await tx.query('delete from email_outbox where lower(to_address) = lower($1)', [email]);
  await tx.query(
    'update bookings set user_id = null, special_requests = null, updated_at = now() where user_id = $1',
    [userId],
  );
  await tx.query('update return_disputes set user_id = null where user_id = $1', [userId]);
  await tx.query('delete from users where id = $1', [userId]);
  return documents.rows.map((row) => row.storage_key);
}

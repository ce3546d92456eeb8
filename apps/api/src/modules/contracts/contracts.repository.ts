import type { ExtraId } from '@vroum/core/extras';
import type { ProtectionId } from '@vroum/core/protection';
import type { Queryable } from '../../db/client';

export interface ContractRow {
  id: string;
  booking_id: string;
  version: number;
  provider: string;
  provider_ref: string | null;
  status: 'draft' | 'sent' | 'signed' | 'declined' | 'cancelled';
  terms_hash: string;
  document_key: string | null;
  document_sha256: string | null;
  signed_document_key: string | null;
  signed_sha256: string | null;
  signed_at: Date | null;
  signer_name: string | null;
  signing_url: string | null;
}

const COLUMNS = `id, booking_id, version, provider, provider_ref, status, terms_hash, document_key,
  document_sha256, signed_document_key, signed_sha256, signed_at, signer_name, signing_url`;

/** The booking's newest contract version. */
export async function findLatestContract(
  db: Queryable,
  bookingId: string,
): Promise<ContractRow | null> {
  const { rows } = await db.query<ContractRow>(
    `select ${COLUMNS} from contracts where booking_id = $1 order by version desc limit 1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

export async function findContractByProviderRef(db: Queryable, provider: string, ref: string) {
  const { rows } = await db.query<ContractRow>(
    `select ${COLUMNS} from contracts where provider = $1 and provider_ref = $2`,
    [provider, ref],
  );
  return rows[0] ?? null;
}

/** Locks the booking's contracts while a version is made or signed: one at a time. */
export async function lockBookingContracts(tx: Queryable, bookingId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('contract:' || $1::text, 0))`, [
    bookingId,
  ]);
}

export interface NewContractVersion {
  bookingId: string;
  version: number;
  provider: string;
  termsHash: string;
  documentKey: string;
  documentSha256: string;
}

export async function insertContractVersion(
  tx: Queryable,
  contract: NewContractVersion,
): Promise<ContractRow> {
  const { rows } = await tx.query<ContractRow>(
    `insert into contracts (booking_id, version, provider, status, terms_hash, document_key,
       document_sha256)
     values ($1, $2, $3, 'draft', $4, $5, $6)
     returning ${COLUMNS}`,
    [
      contract.bookingId,
      contract.version,
      contract.provider,
      contract.termsHash,
      contract.documentKey,
      contract.documentSha256,
    ],
  );
  return rows[0]!;
}

/** An older unsigned version is void once the terms change. */
export async function cancelUnsignedVersions(tx: Queryable, bookingId: string): Promise<void> {
  await tx.query(
    `update contracts set status = 'cancelled', updated_at = now()
      where booking_id = $1 and status in ('draft', 'sent')`,
    [bookingId],
  );
}

/** The version went to the hosted provider: its request id and the signer's page. */
export async function markContractSent(
  db: Queryable,
  id: string,
  providerRef: string,
  signingUrl: string | null,
) {
  await db.query(
    `update contracts set status = 'sent', provider_ref = $2, signing_url = $3, updated_at = now()
      where id = $1 and status = 'draft'`,
    [id, providerRef, signingUrl],
  );
}

export interface SignedContract {
  signedDocumentKey: string;
  signedSha256: string;
  signerName: string;
  proof: unknown;
}

/** Records the signature once; false when the version was already signed or voided. */
export async function markContractSigned(
  tx: Queryable,
  id: string,
  signed: SignedContract,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update contracts set status = 'signed', signed_document_key = $2, signed_sha256 = $3,
       signer_name = $4, signature_proof = $5::jsonb, signed_at = now(), updated_at = now(),
       audit_trail = audit_trail || jsonb_build_array(jsonb_build_object('event', 'signed', 'at', now()))
      where id = $1 and status in ('draft', 'sent')`,
    [
      id,
      signed.signedDocumentKey,
      signed.signedSha256,
      signed.signerName,
      JSON.stringify(signed.proof),
    ],
  );
  return rowCount === 1;
}

export async function markContractDeclined(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update contracts set status = 'declined', updated_at = now() where id = $1 and status = 'sent'`,
    [id],
  );
}

export interface SigningCodeRow {
  code_hash: string;
  expires_at: Date;
  attempts: number;
}

export async function upsertSigningCode(
  db: Queryable,
  contractId: string,
  codeHash: string,
  minutes: number,
): Promise<void> {
  await db.query(
    `insert into contract_signing_codes (contract_id, code_hash, expires_at)
     values ($1, $2, now() + make_interval(mins => $3))
     on conflict (contract_id) do update set code_hash = excluded.code_hash,
       expires_at = excluded.expires_at, attempts = 0, created_at = now()`,
    [contractId, codeHash, minutes],
  );
}

/** The code of a contract, counting this attempt (checked under the contract's lock). */
export async function takeSigningCodeAttempt(
  tx: Queryable,
  contractId: string,
): Promise<SigningCodeRow | null> {
  const { rows } = await tx.query<SigningCodeRow>(
    `update contract_signing_codes set attempts = attempts + 1 where contract_id = $1
     returning code_hash, expires_at, attempts`,
    [contractId],
  );
  return rows[0] ?? null;
}

export async function deleteSigningCode(tx: Queryable, contractId: string): Promise<void> {
  await tx.query('delete from contract_signing_codes where contract_id = $1', [contractId]);
}

/** Who to tell when the provider reports the signature. */
export async function findBookingOwner(
  db: Queryable,
  bookingId: string,
): Promise<{ userId: string; email: string } | null> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `select b.user_id, u.email from bookings b join users u on u.id = b.user_id where b.id = $1`,
    [bookingId],
  );
  return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
}

/** The booking, its vehicle and its customer, as the contract states them. */
export interface ContractTermsRow {
  id: string;
  reference: string;
  customer_email: string | null;
  user_email: string | null;
  driver_info: Record<string, string> | null;
  name: string;
  category: string;
  registration: string | null;
  daily_km_limit: number | null;
  pickup_date: Date;
  return_date: Date;
  pickup_location: string;
  return_location: string;
  with_driver: boolean;
  unlimited_km: boolean;
  protection_plan: ProtectionId;
  options: ExtraId[];
  base_price_cents: number;
  protection_cost_cents: number;
  options_cost_cents: number;
  chauffeur_cost_cents: number;
  unlimited_km_cost_cents: number;
  delivery_fee_cents: number;
  return_fee_cents: number;
  discount_cents: number;
  total_price_cents: number;
  deposit_amount_cents: number;
}

export async function findContractTermsRow(
  db: Queryable,
  bookingId: string,
): Promise<ContractTermsRow | null> {
  const { rows } = await db.query<ContractTermsRow>(
    `select b.id, b.reference, b.customer_email, u.email as user_email, b.driver_info, v.name,
        v.category, v.features->>'registration' as registration, v.daily_km_limit, b.pickup_date,
        b.return_date, b.pickup_location, b.return_location, b.with_driver, b.unlimited_km,
        b.protection_plan, b.options, b.base_price_cents, b.protection_cost_cents,
        b.options_cost_cents, b.chauffeur_cost_cents, b.unlimited_km_cost_cents,
        b.delivery_fee_cents, b.return_fee_cents, b.discount_cents, b.total_price_cents,
        b.deposit_amount_cents
       from bookings b join vehicles v on v.id = b.vehicle_id left join users u on u.id = b.user_id
      where b.id = $1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

/** A paid extension of the booking, as its contract's amendment states it. */
export interface AmendmentRow {
  from_date: Date;
  to_date: Date;
  days: number;
  lines: { label: string; amountCents: number }[];
  amount_cents: number;
  settled_at: Date;
}

/** The booking's paid extensions, oldest first: the amendments its contract states. */
export async function findContractAmendments(
  db: Queryable,
  bookingId: string,
): Promise<AmendmentRow[]> {
  const { rows } = await db.query<AmendmentRow>(
    `select from_date, to_date, days, lines, amount_cents, settled_at from rental_extensions
      where booking_id = $1 and status = 'paid' order by settled_at, created_at`,
    [bookingId],
  );
  return rows;
}

/**
 * Confirmed bookings still to be delivered with no contract version to sign (none, or only
 * cancelled ones), soonest first: those whose contract was not rendered ahead.
 */
export async function findConfirmedBookingsWithoutContract(
  db: Queryable,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select b.id from bookings b
      where b.booking_status = 'confirmed' and b.pickup_date > now()
        and not exists (select 1 from contracts c
                         where c.booking_id = b.id and c.status <> 'cancelled')
      order by b.pickup_date limit $1`,
    [limit],
  );
  return rows.map((row) => row.id);
}

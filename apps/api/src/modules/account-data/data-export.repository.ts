import type { Queryable, SqlParam } from '../../db/client';

type Row = Record<string, unknown>;

/**
 * The rows of one table as JSON objects, without the columns that are the company's plumbing
 * (storage keys, tokens, idempotency keys): `select to_jsonb(x) - array[…]`.
 */
async function rowsOf(
  db: Queryable,
  from: string,
  hidden: string[],
  where: string,
  params: SqlParam[],
  order: string,
): Promise<Row[]> {
  const { rows } = await db.query<{ row: Row }>(
    `select to_jsonb(x) - $${params.length + 1}::text[] as row from (${from}) x
      where ${where} order by ${order}`,
    [...params, hidden],
  );
  return rows.map((row) => row.row);
}

/**
 * Mails that carry a one-time code or link (sign-up, e-mail change, password reset, contract
 * signature): their text is left out, so an export passed on gives no way into the account.
 */
const ONE_TIME_SECRET_MAILS = [
  'verification-code',
  'email-change-code',
  'password-reset',
  'contract-code',
]
  .map((template) => `'${template}'`)
  .join(', ');
const SECRET_MASKED = `'(message contenant un code ou un lien à usage unique : texte masqué)'`;

/** The user's bookings, as the filter every section about a rental uses. */
const OWN_BOOKINGS = 'select id from bookings where user_id = $1';

/**
 * Everything the company holds about one signed-in user, each query filtered by their id (or by
 * their own bookings): nothing of another account can appear. Read in one snapshot.
 */
export async function readUserData(db: Queryable, userId: string) {
  const section = (from: string, hidden: string[], where: string, order: string) =>
    rowsOf(db, from, hidden, where, [userId], order);
  const ofBookings = `x.booking_id in (${OWN_BOOKINGS})`;
  return {
    account: await section(
      'select id, email, name, email_verified, two_factor_enabled, created_at, updated_at from users',
      [],
      'x.id = $1',
      'x.id',
    ),
    profile: await section('select * from profiles', [], 'x.user_id = $1', 'x.user_id'),
    roles: await section(
      'select user_id, role, created_at from user_roles',
      [],
      'x.user_id = $1',
      'x.role',
    ),
    signInMethods: await section(
      'select user_id, provider_id, created_at from accounts',
      [],
      'x.user_id = $1',
      'x.created_at',
    ),
    passkeys: await section(
      'select user_id, name, device_type, backed_up, created_at from passkeys',
      [],
      'x.user_id = $1',
      'x.created_at',
    ),
    sessions: await section(
      'select user_id, user_agent, ip_address, created_at, last_seen_at, expires_at from sessions',
      [],
      'x.user_id = $1',
      'x.created_at',
    ),
    knownDevices: await section(
      'select user_id, device, first_seen_at from known_devices',
      [],
      'x.user_id = $1',
      'x.first_seen_at',
    ),
    bookings: await section(
      `select b.*, v.name as vehicle_name from bookings b join vehicles v on v.id = b.vehicle_id`,
      ['period', 'idempotency_key', 'saved_payment_method', 'hold_expires_at'],
      'x.user_id = $1',
      'x.created_at',
    ),
    payments: await section(
      'select * from payments',
      ['idempotency_key', 'last_error', 'status_history'],
      ofBookings,
      'x.created_at',
    ),
    moneyMovements: await section(
      'select * from money_movements',
      ['idempotency_key', 'actor_user_id'],
      ofBookings,
      'x.id',
    ),
    documents: await section(
      'select * from documents',
      ['storage_key'],
      'x.user_id = $1',
      'x.uploaded_at',
    ),
    identityChecks: await section(
      'select * from identity_checks',
      ['provider_ref', 'reviewed_by', 'last_error'],
      'x.user_id = $1',
      'x.created_at',
    ),
    contracts: await section(
      'select c.*, b.reference from contracts c join bookings b on b.id = c.booking_id',
      ['document_key', 'signed_document_key', 'signing_url', 'provider_ref', 'terms_hash'],
      ofBookings,
      'x.created_at',
    ),
    invoices: await section(
      'select * from invoicing_documents',
      ['movement_id'],
      ofBookings,
      'x.issued_at, x.number',
    ),
    inspections: await section(
      'select i.*, b.reference from inspections i join bookings b on b.id = i.booking_id',
      ['report_key', 'agent_id'],
      ofBookings,
      'x.created_at',
    ),
    disputes: await section(
      'select * from return_disputes',
      ['photo_keys', 'decided_by'],
      ofBookings,
      'x.created_at',
    ),
    damageClaims: await section(
      'select * from damage_claims',
      ['recorded_by', 'decided_by', 'settling_until'],
      ofBookings,
      'x.created_at',
    ),
    mails: await section(
      `select o.id, o.to_address, o.template, o.subject,
              case when o.template in (${ONE_TIME_SECRET_MAILS}) then ${SECRET_MASKED}
                   else o.text end as text,
              o.status, o.created_at, o.sent_at
         from email_outbox o join users u on lower(o.to_address) = lower(u.email) and u.id = $1`,
      [],
      'true',
      'x.created_at',
    ),
    notifications: await section(
      'select * from notifications',
      [],
      'x.user_id = $1',
      'x.created_at',
    ),
    favourites: await section(
      `select f.user_id, f.created_at, v.name as vehicle_name, v.slug as vehicle_slug
         from favorites f join vehicles v on v.id = f.vehicle_id`,
      [],
      'x.user_id = $1',
      'x.created_at',
    ),
    reviews: await section('select * from reviews', [], 'x.user_id = $1', 'x.created_at'),
    promotionCodes: await section('select * from promotions', [], 'x.user_id = $1', 'x.created_at'),
  };
}

export type UserData = Awaited<ReturnType<typeof readUserData>>;

/** The stored PDFs of the user's rentals: signed contracts and inspection reports. */
export async function findRentalPdfKeys(db: Queryable, userId: string) {
  const { rows } = await db.query<{ kind: 'contract' | 'inspection'; name: string; key: string }>(
    `select 'contract' as kind, b.reference || '-v' || c.version as name,
            coalesce(c.signed_document_key, c.document_key) as key
       from contracts c join bookings b on b.id = c.booking_id
      where b.user_id = $1 and coalesce(c.signed_document_key, c.document_key) is not null
     union all
     select 'inspection',
            b.reference || case i.kind when 'handover' then '-livraison' else '-restitution' end,
            i.report_key
       from inspections i join bookings b on b.id = i.booking_id where b.user_id = $1
     order by 1, 2`,
    [userId],
  );
  return rows;
}

import type { DriverInfo } from '@vroum/core/checkout';
import type { Profile, ProfileUpdate } from '@vroum/core/profile';
import type { Queryable } from '../../db/client';

interface ProfileRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  date_of_birth: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string;
  license_number: string | null;
  license_issue_date: string | null;
  license_country: string | null;
  account_status: Profile['accountStatus'];
  rejection_reason: string | null;
  created_at: Date;
}

function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    licenseNumber: row.license_number,
    licenseIssueDate: row.license_issue_date,
    licenseCountry: row.license_country,
    accountStatus: row.account_status,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at.toISOString(),
  };
}

const SELECT = `select p.user_id, u.email, p.first_name, p.last_name, p.phone, p.date_of_birth,
  p.address, p.city, p.postal_code, p.country, p.license_number, p.license_issue_date,
  p.license_country, p.account_status, p.rejection_reason, p.created_at
  from profiles p join users u on u.id = p.user_id`;

/** The user's own profile; created on the fly for accounts that predate the profile hook. */
/** A new account's profile row: its e-mail, pending validation (kept when it exists). */
export async function createProfile(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    'insert into profiles (user_id, email) values ($1, $2) on conflict (user_id) do nothing',
    [userId, email],
  );
}

export async function findOrCreateProfile(db: Queryable, userId: string): Promise<Profile> {
  await db.query(
    `insert into profiles (user_id, email) select id, email from users where id = $1
     on conflict (user_id) do nothing`,
    [userId],
  );
  const { rows } = await db.query<ProfileRow>(`${SELECT} where p.user_id = $1`, [userId]);
  if (!rows[0]) throw new Error(`No user ${userId}`);
  return toProfile(rows[0]);
}

export async function updateProfile(
  db: Queryable,
  userId: string,
  update: ProfileUpdate,
): Promise<Profile> {
  await writeProfile(db, userId, update);
  return findOrCreateProfile(db, userId);
}

/**
 * Keeps a checkout's driver in the profile, licence included, for the next rental. A residence
 * outside the listed countries ('Other') leaves the recorded country as it was.
 */
export async function saveDriverDetails(
  db: Queryable,
  userId: string,
  driver: DriverInfo,
): Promise<void> {
  await writeProfile(db, userId, {
    ...driver,
    country: driver.country === 'Other' ? null : driver.country,
    licence: {
      number: driver.licenseNumber,
      issueDate: driver.licenseIssueDate,
      country: driver.licenseCountry,
    },
  });
}

type ProfileFields = Omit<ProfileUpdate, 'country'> & {
  /** Null keeps the recorded country. */
  country: string | null;
  /** Absent keeps the recorded licence (the account form has no licence fields). */
  licence?: { number: string; issueDate: string; country: string };
};

async function writeProfile(db: Queryable, userId: string, fields: ProfileFields): Promise<void> {
  await findOrCreateProfile(db, userId);
  await db.query(
    `update profiles set first_name = $2, last_name = $3, phone = $4, date_of_birth = $5,
       address = $6, city = $7, postal_code = $8, country = coalesce($9, country),
       license_number = coalesce($10, license_number),
       license_issue_date = coalesce($11, license_issue_date),
       license_country = coalesce($12, license_country), updated_at = now()
     where user_id = $1`,
    [
      userId,
      fields.firstName,
      fields.lastName,
      fields.phone,
      fields.dateOfBirth,
      fields.address,
      fields.city,
      fields.postalCode,
      fields.country,
      fields.licence?.number ?? null,
      fields.licence?.issueDate ?? null,
      fields.licence?.country ?? null,
    ],
  );
}

/** Sets the account's status (the identity check's outcome) and the reason of a rejection. */
export async function setAccountStatus(
  db: Queryable,
  userId: string,
  status: 'pending' | 'validated' | 'rejected',
  rejectionReason: string | null,
): Promise<void> {
  await findOrCreateProfile(db, userId);
  await db.query(
    `update profiles set account_status = $2, rejection_reason = $3, updated_at = now()
      where user_id = $1`,
    [userId, status, rejectionReason],
  );
}

/** The profile's copy of the account's address follows an e-mail change. */
export async function setProfileEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query('update profiles set email = $2 where user_id = $1', [userId, email]);
}

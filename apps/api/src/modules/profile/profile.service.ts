import type { DriverInfo } from '@vroum/core/checkout';
import type { Queryable } from '../../db/client';
import * as profiles from './profile.repository';

// What the other modules change in a customer's profile: the profiles table is written by this
// module's repository only. Each function takes the caller's transaction.

/**
 * Keeps a checkout's driver in the profile, licence included, for the next rental. A residence
 * outside the listed countries ('Other') leaves the recorded country as it was.
 */
export async function saveDriverDetails(
  db: Queryable,
  userId: string,
  driver: DriverInfo,
): Promise<void> {
  await profiles.saveDriverDetails(db, userId, driver);
}

/** Sets the account's status (the identity check's outcome) and the reason of a rejection. */
export async function setAccountStatus(
  db: Queryable,
  userId: string,
  status: 'pending' | 'validated' | 'rejected',
  rejectionReason: string | null,
): Promise<void> {
  await profiles.setAccountStatus(db, userId, status, rejectionReason);
}

/** The profile of an account just created, with its e-mail; nothing when it already has one. */
export async function createProfile(db: Queryable, userId: string, email: string): Promise<void> {
  await profiles.createProfile(db, userId, email);
}

/** The profile follows the account's e-mail once the new address is confirmed. */
export async function setProfileEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await profiles.setProfileEmail(db, userId, email);
}

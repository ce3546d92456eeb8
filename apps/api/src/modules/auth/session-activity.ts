import type { Queryable } from '../../db/client';
import { deleteSession, markSessionSeen, readSessionActivity } from './sessions.repository';

/**
 * Staff sessions (administrators, agents) end after 30 minutes without use: they read identity
 * documents and move money. Customers' sessions last 30 days from their last day of use (the
 * session's own expiry, extended once a day).
 */
export const STAFF_IDLE_SECONDS = 30 * 60;
/** A session's last use is recorded to the minute: one write a minute, not one per request. */
const SEEN_PRECISION_SECONDS = 60;

/**
 * The session's last use, read with the session itself (one query with its user), so that a
 * session used within the minute is checked without another query. Written by the app alone
 * (`markSessionSeen`); the column's default gives a new session its first use.
 */
export const lastSeenSessionField = {
  lastSeenAt: {
    type: 'date',
    fieldName: 'last_seen_at',
    required: false,
    input: false,
  },
} as const;

/**
 * Checks a session found by its token when it is used: a staff session idle too long is deleted
 * (false); otherwise its last use is recorded (true). `seenAt` is the last use read with the
 * session: within the minute, the session is neither idle (staff end after 30 minutes) nor due a
 * new record, and nothing is read or written.
 */
export async function keepSessionAlive(
  db: Queryable,
  sessionId: string,
  seenAt?: Date,
  now = new Date(),
): Promise<boolean> {
  if (seenAt && now.getTime() - seenAt.getTime() < SEEN_PRECISION_SECONDS * 1000) return true;
  const activity = await readSessionActivity(db, sessionId);
  if (!activity) return false;
  if (activity.staff && now.getTime() - activity.lastSeenAt.getTime() > STAFF_IDLE_SECONDS * 1000) {
    await deleteSession(db, sessionId);
    return false;
  }
  if (now.getTime() - activity.lastSeenAt.getTime() >= SEEN_PRECISION_SECONDS * 1000) {
    await markSessionSeen(db, sessionId, now, SEEN_PRECISION_SECONDS);
  }
  return true;
}

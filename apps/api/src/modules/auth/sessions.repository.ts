import type { Queryable } from '../../db/client';

/** What the session check needs: when the session was last used and whether its user is staff. */
export interface SessionActivity {
  lastSeenAt: Date;
  staff: boolean;
}

export async function readSessionActivity(
  db: Queryable,
  sessionId: string,
): Promise<SessionActivity | null> {
  const { rows } = await db.query<{ last_seen_at: Date; staff: boolean }>(
    `select s.last_seen_at,
            exists (select 1 from user_roles r
                     where r.user_id = s.user_id and r.role in ('admin', 'driver')) as staff
       from sessions s where s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
  return row ? { lastSeenAt: new Date(row.last_seen_at), staff: row.staff } : null;
}

/** Records a use of the session, at most once per `precisionSeconds` (one write a minute). */
export async function markSessionSeen(
  db: Queryable,
  sessionId: string,
  at: Date,
  precisionSeconds: number,
): Promise<void> {
  await db.query(
    `update sessions set last_seen_at = $2
      where id = $1 and last_seen_at < $2::timestamptz - make_interval(secs => $3)`,
    [sessionId, at, precisionSeconds],
  );
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [sessionId]);
}

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  lastSeenAt: Date;
  createdAt: Date;
}

/** The user's sessions still valid, the most recently used first. */
export async function listUserSessions(db: Queryable, userId: string): Promise<SessionRow[]> {
  const { rows } = await db.query<{
    id: string;
    user_agent: string | null;
    ip_address: string | null;
    last_seen_at: Date;
    created_at: Date;
  }>(
    `select id, user_agent, ip_address, last_seen_at, created_at from sessions
      where user_id = $1 and expires_at > now()
      order by last_seen_at desc, created_at desc`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    lastSeenAt: new Date(row.last_seen_at),
    createdAt: new Date(row.created_at),
  }));
}

/** Ends one of the user's sessions; false when the user has no such session. */
export async function deleteUserSession(
  db: Queryable,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'delete from sessions where id = $1 and user_id = $2 returning id',
    [sessionId, userId],
  );
  return rows.length > 0;
}

/** Ends every session of the user but the one given; answers how many ended. */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const { rows } = await db.query(
    'delete from sessions where user_id = $1 and id <> $2 returning id',
    [userId, keepSessionId],
  );
  return rows.length;
}

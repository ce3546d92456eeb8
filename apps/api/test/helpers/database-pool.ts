import type { Database } from '../../src/db/client';

/**
 * The embedded databases of this test process, handed back by the files done with them and
 * emptied for the next: starting PGlite costs about a second of CPU, emptying its tables a few
 * milliseconds, and a worker runs its files one after the other. A database is reused only in
 * the state of the migrated image: every table but the migrations' list emptied, its sequences
 * restarted, its settings and locks released. One whose schema or migrations a test changed (a
 * migration replayed, a temporary table left) is closed instead.
 */
const idle: Database[] = [];
const MAX_IDLE = 2;
let imageFingerprint: string | undefined;

/** Changes when a relation, column, function, trigger, constraint, type or migration does. */
const FINGERPRINT = `select concat_ws(':',
  (select count(*) from pg_class), (select count(*) from pg_attribute),
  (select count(*) from pg_proc), (select count(*) from pg_trigger),
  (select count(*) from pg_constraint), (select count(*) from pg_type),
  (select md5(string_agg(version, ',' order by version)) from schema_migrations)) as print`;

async function fingerprint(db: Database): Promise<string> {
  const { rows } = await db.query<{ print: string }>(FINGERPRINT);
  return rows[0]!.print;
}

/** Empties `db` back to the image's state; false when it cannot be (its schema changed). */
async function resetToImage(db: Database): Promise<boolean> {
  if ((await fingerprint(db)) !== imageFingerprint) return false;
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  const { rows: sequences } = await db.query<{ name: string }>(
    `select format('%I.%I', sequence_schema, sequence_name) as name
     from information_schema.sequences where sequence_schema = 'public'`,
  );
  await db.exec(
    [
      `truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade`,
      ...sequences.map((sequence) => `alter sequence ${sequence.name} restart`),
      'reset all',
      'select pg_advisory_unlock_all()',
    ].join(';\n'),
  );
  return true;
}

/**
 * A database in the migrated image's state: an idle one of this process, else `open()`'s. Its
 * `close` hands it back (after unsubscribing what its users listened to), never closing it for
 * good but when it cannot be reset.
 */
export async function leaseDatabase(open: () => Promise<Database>): Promise<Database> {
  let db = idle.pop();
  if (!db) {
    db = await open();
    imageFingerprint ??= await fingerprint(db);
  }
  const database = db;
  const unsubscribes: (() => Promise<void>)[] = [];
  let released = false;
  return {
    ...database,
    async listen(channel, onPayload) {
      const unsubscribe = await database.listen(channel, (payload) => {
        if (!released) onPayload(payload);
      });
      unsubscribes.push(unsubscribe);
      return unsubscribe;
    },
    async close() {
      if (released) return;
      released = true;
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe().catch(() => undefined)));
      const reusable = idle.length < MAX_IDLE && (await resetToImage(database).catch(() => false));
      if (reusable) idle.push(database);
      else await database.close();
    },
  };
}

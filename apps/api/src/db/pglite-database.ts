import type { Dialect } from 'kysely';
import type { Database, Queryable } from './client';
import { createPgliteDialect } from './pglite-kysely-dialect';
import type { PgliteSession } from './pglite-session';

/** The application's `Database` over the embedded database's session, wherever it runs. */
export function databaseOverSession(session: PgliteSession): Database {
  const within = (tx?: number): Queryable => ({
    async query(text, params) {
      const result = await session.query(text, params, tx);
      return { rows: result.rows as never, rowCount: result.rowCount };
    },
    exec: (sql) => session.exec(sql, tx),
  });
  return {
    kind: 'pglite',
    ...within(),
    async transaction(work) {
      const tx = await session.begin();
      let value;
      try {
        value = await work(within(tx));
      } catch (error) {
        await session.end(tx, false).catch(() => undefined);
        throw error;
      }
      await session.end(tx, true);
      return value;
    },
    listen: (channel, onPayload) => session.listen(channel, onPayload),
    ...(session.image ? { image: session.image } : {}),
    close: () => session.close(),
    kyselyDialect: (): Dialect => createPgliteDialect(session),
  };
}

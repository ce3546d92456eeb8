import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqlParam } from './client';
import type { PgliteSession } from './pglite-session';

/**
 * A Kysely dialect over the embedded database's session (used by the auth library, which speaks
 * Kysely). PGlite has one session: a Kysely transaction is one of the session's transactions,
 * which also makes the application's other queries wait until it ends, as separate connections
 * would.
 */
export function createPgliteDialect(session: PgliteSession): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(session),
    createIntrospector: (kysely: Kysely<unknown>) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PgliteDriver implements Driver {
  constructor(private readonly session: PgliteSession) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.session);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(false);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

class PgliteConnection implements DatabaseConnection {
  private tx: number | undefined;

  constructor(private readonly session: PgliteSession) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.session.query(
      compiled.sql,
      compiled.parameters as SqlParam[],
      this.tx,
    );
    return { rows: result.rows as R[], numAffectedRows: BigInt(result.rowCount) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }

  async begin(): Promise<void> {
    this.tx = await this.session.begin();
  }

  async end(commit: boolean): Promise<void> {
    const tx = this.tx;
    this.tx = undefined;
    if (tx !== undefined) await this.session.end(tx, commit);
  }
}

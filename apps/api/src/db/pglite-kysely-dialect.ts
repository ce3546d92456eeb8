import type { PGlite, Transaction } from '@electric-sql/pglite';
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

/**
 * A Kysely dialect over an embedded PGlite (used by the auth library, which speaks Kysely).
 * PGlite has one session: a Kysely transaction is run inside `PGlite.transaction`, which also
 * makes the application's other queries wait until it ends, as separate connections would.
 */
export function createPgliteDialect(db: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(db),
    createIntrospector: (kysely: Kysely<unknown>) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PgliteDriver implements Driver {
  constructor(private readonly db: PGlite) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.db);
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
  private tx: Transaction | null = null;
  private settle: ((commit: boolean) => void) | null = null;
  private finished: Promise<void> | null = null;

  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.tx ?? this.db;
    const result = await target.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined
        ? {}
        : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }

  begin(): Promise<void> {
    return new Promise<void>((ready, fail) => {
      this.finished = this.db
        .transaction(async (tx) => {
          this.tx = tx;
          ready();
          const commit = await new Promise<boolean>((resolve) => (this.settle = resolve));
          if (!commit) await tx.rollback();
        })
        .catch((error: unknown) => fail(error))
        .finally(() => {
          this.tx = null;
          this.settle = null;
        });
    });
  }

  async end(commit: boolean): Promise<void> {
    this.settle?.(commit);
    await this.finished;
  }
}

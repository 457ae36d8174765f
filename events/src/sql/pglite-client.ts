import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ASYNC_COMMIT, type SqlClient, type SqlExecutor, type TransactionOptions } from './client';
import { assertSqlIdentifier } from './identifier';
import { TransactionScope } from './transaction-scope';
import { DATE_OID, INT8_OID, keepText, parseInt8Text, XID8_OID } from './type-parsers';

export interface PgliteSqlClient extends SqlClient {
  /** The whole data directory as a tar archive, for `createPgliteClient(undefined, archive)`. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (wasm) in `dataDir`, or in memory when it is undefined; in memory it may start
 * from an archive of `dumpDataDir`. PGlite has one connection: its `query()` waits for a running
 * `transaction()` to finish, so statements from outside never land inside someone else's transaction.
 */
export async function createPgliteClient(dataDir?: string, loadDataDir?: Blob): Promise<PgliteSqlClient> {
  // pg_trgm: the order search's trigram index (read.orders), as on a real PostgreSQL.
  const db = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: parseInt8Text, [XID8_OID]: parseInt8Text, [DATE_OID]: keepText },
  });
  const scope = new TransactionScope();

  return {
    kind: 'pglite',
    dumpDataDir: () => db.dumpDataDir('none'),
    async query<R>(text: string, params?: unknown[]) {
      scope.assertOutside();
      return { rows: (await db.query<R>(text, params)).rows };
    },
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T> {
      scope.assertOutside();
      return db.transaction(async (tx) => {
        if (options?.durable === false) await tx.query(ASYNC_COMMIT);
        return scope.run({ query: async <R>(text: string, params?: unknown[]) => ({ rows: (await tx.query<R>(text, params)).rows }) }, fn);
      });
    },
    async listen(channel, onNotify) {
      const unlisten = await db.listen(assertSqlIdentifier(channel, 'channel'), onNotify);
      return () => unlisten();
    },
    close: () => db.close(),
  };
}

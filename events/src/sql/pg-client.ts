import pg from 'pg';
import { ASYNC_COMMIT, type QueryOptions, type SqlClient, type SqlExecutor, type TransactionOptions } from './client';
import { PgListener } from './pg-listener';
import { PreparedStatements } from './prepared-statements';
import { TransactionScope } from './transaction-scope';
import { DATE_OID, INT8_OID, keepText, parseInt8Text, XID8_OID } from './type-parsers';

export interface PgClientOptions {
  /** Pool size (default 10). The LISTEN connection comes on top. */
  max?: number;
}

/** Per-pool parsers, so other users of `pg` in the process keep the library defaults. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === XID8_OID
      ? parseInt8Text
      : oid === DATE_OID
        ? keepText
        : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function createPgClient(url: string, options: PgClientOptions = {}): SqlClient {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle pooled connection that dies (server restart) is discarded by the pool; the next query
  // opens a fresh one or fails loudly. Without a handler the 'error' event would kill the process.
  pool.on('error', () => {});
  const listener = new PgListener({ connectionString: url, types });
  const scope = new TransactionScope();

  const prepared = new PreparedStatements();
  const executor = (client: pg.PoolClient): SqlExecutor => ({
    query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => ({
      rows: (await prepared.run(client, text, params, options, true)).rows as R[],
    }),
  });

  return {
    kind: 'postgres',
    async query<R>(text: string, params?: unknown[], options?: QueryOptions) {
      scope.assertOutside();
      return { rows: (await prepared.run(pool, text, params, options, false)).rows as R[] };
    },
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T> {
      scope.assertOutside();
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Both in one round trip (a simple query may hold several statements).
        await client.query(options?.durable === false ? `BEGIN; ${ASYNC_COMMIT}` : 'BEGIN');
        const result = await scope.run(executor(client), fn);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection whose ROLLBACK fails is in an unknown state: destroy it instead of pooling it.
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

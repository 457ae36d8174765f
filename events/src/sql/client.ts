export interface QueryOptions {
  /**
   * Keep the statement prepared on each connection (PostgreSQL; PGlite ignores it): later runs skip
   * parsing and planning, which for a table with many indexes costs more than the lookup itself. Only
   * for fixed texts that run often: every distinct text stays in the server's memory per connection.
   */
  prepare?: boolean;
}

export interface TransactionOptions {
  /**
   * false: COMMIT answers before the server has flushed the transaction's WAL (synchronous_commit off),
   * a wait saved per commit. Only for writes the event log can rebuild (read models with their
   * checkpoints, which a crash rolls back together): any later durable commit flushes them as well.
   */
  durable?: boolean;
}

/** The statement that makes the current transaction's commit asynchronous (`durable: false`). */
export const ASYNC_COMMIT = 'SET LOCAL synchronous_commit TO off';

/** Runs one statement. Every value goes through `params` ($1, $2, ...), never into `text`. */
export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: R[] }>;
}

/**
 * The small SQL port shared by the event store and the read-model projections. The same SQL runs on
 * PostgreSQL (`pg`) and on embedded PGlite; on both, int8 and xid8 values come back as JS numbers and
 * date values as their 'YYYY-MM-DD' text.
 */
export interface SqlClient extends SqlExecutor {
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. Inside `fn` use only
   * `tx`; calling the client itself there throws (on PGlite, with its single connection, it would deadlock).
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on `channel` (a plain lower-case identifier); resolves once listening, to the function that stops. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** `sql` with every statement kept prepared: for callers whose statements are fixed texts (see QueryOptions). */
export function alwaysPrepared(sql: SqlExecutor): SqlExecutor {
  return { query: (text, params) => sql.query(text, params, { prepare: true }) };
}

import type { SqlClient, SqlExecutor } from './client';

/**
 * Runs a schema setup in one transaction under a lock named `name`. Several processes may start at
 * once (docker-compose.yml): CREATE … IF NOT EXISTS of two of them at the same moment fails on
 * PostgreSQL's catalogue (`pg_type_typname_nsp_index`), so one process at a time sets up.
 */
export function setupUnderLock<T>(sql: SqlClient, name: string, setup: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
    return setup(tx);
  });
}

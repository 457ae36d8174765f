import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';

/**
 * Read tables are the analysts' interface: on real PostgreSQL a NOLOGIN role `analyst` may read
 * schema `read` and nothing else (grant it to a login role: GRANT analyst TO alice). PGlite has no
 * other users, so there is nothing to grant.
 */
export async function grantAnalystRead(sql: SqlExecutor & Pick<SqlClient, 'kind'>): Promise<void> {
  if (sql.kind !== 'postgres') return;
  await sql.query(`DO $$
    BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'analyst') THEN
        CREATE ROLE analyst NOLOGIN;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another process created it at the same moment
    END $$`);
  await sql.query('GRANT USAGE ON SCHEMA read TO analyst');
  await sql.query('GRANT SELECT ON ALL TABLES IN SCHEMA read TO analyst');
  await sql.query('ALTER DEFAULT PRIVILEGES IN SCHEMA read GRANT SELECT ON TABLES TO analyst');
}

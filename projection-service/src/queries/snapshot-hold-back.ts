import type { SqlExecutor } from '@dispo/events/sql/client';

/** The oldest open write transaction: events committed after it stay unreadable until it ends (sql-event-store.ts readAll). */
export interface SnapshotHoldBack {
  transactionId: string;
  pid: number;
  since: string;
  state: string | null;
  application: string | null;
}

/**
 * Which transaction holds the log's read horizon back, and since when. null when none is open besides
 * this query. PGlite has no other sessions, so there it is always null.
 */
export async function snapshotHoldBack(sql: SqlExecutor): Promise<SnapshotHoldBack | null> {
  const { rows } = await sql.query<{ xid: string; pid: number; since: Date | string; state: string | null; application: string | null }>(
    `SELECT backend_xid::text AS xid, pid, xact_start AS since, state, application_name AS application
     FROM pg_stat_activity
     WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
     ORDER BY xact_start
     LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    transactionId: row.xid,
    pid: Number(row.pid),
    since: new Date(row.since).toISOString(),
    state: row.state,
    application: row.application || null,
  };
}

import type { SqlExecutor } from '../sql/client';
import { assertSqlIdentifier } from '../sql/identifier';

/**
 * The log's read horizon (ADR 0019) as one row `(epoch, xid)`: an event is settled, no transaction still
 * running can commit one before it, iff `(epoch, transaction_id) < (epoch, xid)`. `table` is an already
 * validated `<schema>.events`; the text reads one snapshot, so it is part of one statement.
 *
 * - The log's tip (its last event by epoch and transaction id) has an id at or above the snapshot's xmax
 *   only if another cluster wrote it (a restore, sql-append.ts): every event visible is settled, and the
 *   next append opens the next epoch, so the horizon is the start of that epoch.
 * - Else events of older epochs are settled (the append function's epoch lock), and in the tip's epoch
 *   those below the oldest write transaction of THIS database still running at the snapshot. Until ADR
 *   0019 it was the snapshot's xmin, the oldest of the whole server: a transaction left open in another
 *   database held every reader back (issue 38).
 *
 * Why the transactions of other databases may be left out without a race: the snapshot's running ids
 * (xip) are read first, in the same snapshot as the events; an id is left out only when a backend of
 * another database (pg_stat_activity, read after it) or a prepared transaction of another database holds
 * it. Ids are unique, so an id of this database is never taken for another's; one that ended between the
 * snapshot and that look is found in neither and counts, which holds the reader back for this one read
 * only. A backend that hides its xid from this role (no pg_read_all_stats) counts as well: the server-wide
 * rule of before, never a skipped event. It looks only when that changes the answer: when committed
 * events lie at or above the server's oldest running id (the snapshot's xmin, the horizon before).
 */
export function logHorizonSql(table: string): string {
  return `SELECT CASE WHEN tip.transaction_id >= pg_snapshot_xmax(s.snap) THEN tip.epoch + 1 ELSE coalesce(tip.epoch, 0) END AS epoch,
      CASE
        WHEN tip.transaction_id >= pg_snapshot_xmax(s.snap) THEN '0'::xid8
        WHEN pg_snapshot_xmin(s.snap) = pg_snapshot_xmax(s.snap) THEN pg_snapshot_xmax(s.snap)
        WHEN NOT EXISTS (SELECT 1 FROM ${table} w WHERE (w.epoch, w.transaction_id) >= (tip.epoch, pg_snapshot_xmin(s.snap)))
          THEN pg_snapshot_xmin(s.snap)
        ELSE coalesce((
          SELECT min(running) FROM pg_snapshot_xip(s.snap) AS running
          WHERE xid(running) NOT IN (
            SELECT a.backend_xid FROM pg_stat_get_activity(NULL) a
            WHERE a.backend_xid IS NOT NULL AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
            UNION ALL
            SELECT p.transaction FROM pg_prepared_xacts p WHERE p.database <> current_database()
          )), pg_snapshot_xmax(s.snap))
      END AS xid
    FROM (SELECT pg_current_snapshot() AS snap) s
    LEFT JOIN LATERAL (SELECT t.epoch, t.transaction_id FROM ${table} t ORDER BY t.epoch DESC, t.transaction_id DESC LIMIT 1) tip ON true`;
}

/** The write transaction that holds the log's horizon back while committed events wait behind it. */
export interface LogHoldBack {
  /** Since when the first event waiting behind it (in log order) is recorded, and how long ago that is. */
  waitingSince: string;
  heldForSeconds: number;
  transactionId: string;
  /** The transaction's database: always this one since ADR 0019, named for the admin all the same. */
  database: string | null;
  /** Its start (a prepared transaction: when it was prepared), and its age. */
  since: string | null;
  ageSeconds: number | null;
  pid: number | null;
  state: string | null;
  application: string | null;
}

/**
 * Which transaction holds the log's horizon back, or null when no committed event waits behind it.
 * PGlite has no other sessions: there it is always null.
 */
export async function logHoldBack(sql: SqlExecutor, schema = 'es'): Promise<LogHoldBack | null> {
  const table = `${assertSqlIdentifier(schema, 'schema')}.events`;
  const { rows } = await sql.query<{
    waiting_since: Date | string;
    held_for: number;
    xid: string;
    database: string | null;
    since: Date | string | null;
    age: number | null;
    pid: number | null;
    state: string | null;
    application: string | null;
  }>(
    `WITH horizon AS MATERIALIZED (${logHorizonSql(table)}),
     waiting AS MATERIALIZED (
       SELECT e.recorded_at FROM ${table} e, horizon h
       WHERE (e.epoch, e.transaction_id) >= (h.epoch, h.xid)
       ORDER BY e.epoch, e.transaction_id, e.global_position LIMIT 1
     )
     SELECT w.recorded_at AS waiting_since, extract(epoch FROM clock_timestamp() - w.recorded_at)::float8 AS held_for,
       h.xid::text AS xid, coalesce(a.datname, p.database) AS database, coalesce(a.xact_start, p.prepared) AS since,
       extract(epoch FROM clock_timestamp() - coalesce(a.xact_start, p.prepared))::float8 AS age,
       a.pid, a.state, nullif(a.application_name, '') AS application
     FROM waiting w CROSS JOIN horizon h
     LEFT JOIN pg_stat_activity a ON a.backend_xid = xid(h.xid)
     LEFT JOIN pg_prepared_xacts p ON p.transaction = xid(h.xid)
     LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    waitingSince: new Date(row.waiting_since).toISOString(),
    heldForSeconds: Math.round(Number(row.held_for)),
    transactionId: row.xid,
    database: row.database,
    since: row.since === null ? null : new Date(row.since).toISOString(),
    ageSeconds: row.age === null ? null : Math.round(Number(row.age)),
    pid: row.pid === null ? null : Number(row.pid),
    state: row.state,
    application: row.application,
  };
}

import type { SqlExecutor } from '@dispo/events/sql/client';

/**
 * Columns that are no read model: the mail worker's lease of an outbox row and its retry state
 * (claimed_by, claimed_until, attempts, last_error) are written by the worker, not by an event, so a
 * rebuild cannot restore them.
 */
export const WORKER_STATE: Record<string, string[]> = { mail_outbox: ['claimed_by', 'claimed_until', 'attempts', 'last_error'] };

/** Rows and a checksum of every read table (schema `read`, without the checkpoints and worker state): equal tables, equal result. */
export async function readTables(sql: SqlExecutor): Promise<Record<string, { rows: number; checksum: string }>> {
  const { rows: tables } = await sql.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'read' AND table_name <> 'projection_checkpoints' ORDER BY 1",
  );
  const out: Record<string, { rows: number; checksum: string }> = {};
  for (const { name } of tables) {
    const row = WORKER_STATE[name] ? `(to_jsonb(t) - $1::text[])::text` : 't::text';
    const { rows } = await sql.query<{ n: string; checksum: string | null }>(
      `SELECT count(*)::text AS n, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS checksum FROM read.${name} t`,
      WORKER_STATE[name] ? [WORKER_STATE[name]] : [],
    );
    out[name] = { rows: Number(rows[0]!.n), checksum: rows[0]!.checksum ?? '' };
  }
  return out;
}

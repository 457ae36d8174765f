import type { SqlExecutor } from '@dispo/events/sql/client';

const identifier = /^[a-z_][a-z0-9_.]*$/;

/**
 * INSERT … ON CONFLICT (id) DO NOTHING for one row: a replayed creation leaves the row as the later
 * events made it. Table and column names come from the projection's own code (checked against a
 * strict pattern); every value is a parameter.
 */
export async function insertRowOnce(tx: SqlExecutor, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  for (const name of [table, ...columns]) if (!identifier.test(name)) throw new Error(`Ungültiger Bezeichner: ${name}`);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  await tx.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) ON CONFLICT (id) DO NOTHING`,
    columns.map((column) => row[column]),
  );
}

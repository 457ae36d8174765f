import type { SqlExecutor } from '@dispo/events/sql/client';

const identifier = /^[a-z_][a-z0-9_.]*$/;

/**
 * INSERT … ON CONFLICT (id) DO UPDATE for one row. Table and column names come from the projection's
 * own code (checked against a strict pattern); every value is a parameter.
 */
export async function upsertRow(tx: SqlExecutor, table: string, row: Record<string, unknown>, key = 'id'): Promise<void> {
  const columns = Object.keys(row);
  for (const name of [table, key, ...columns]) if (!identifier.test(name)) throw new Error(`Ungültiger Bezeichner: ${name}`);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  const updates = columns.filter((c) => c !== key).map((c) => `${c} = EXCLUDED.${c}`);
  await tx.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')})
     ON CONFLICT (${key}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    columns.map((c) => row[c]),
  );
}

/**
 * upsertRow for many rows with one statement: every row has the same columns, and no two the same key.
 * The rows travel as one json array, typed by the table's own row type.
 */
export async function upsertRows(tx: SqlExecutor, table: string, rows: readonly Record<string, unknown>[], key = 'id'): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (const name of [table, key, ...columns]) if (!identifier.test(name)) throw new Error(`Ungültiger Bezeichner: ${name}`);
  const updates = columns.filter((c) => c !== key).map((c) => `${c} = EXCLUDED.${c}`);
  await tx.query(
    `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)
     ON CONFLICT (${key}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    [JSON.stringify(rows)],
  );
}

/** UPDATE … SET for one row found by its key; same naming rules as upsertRow. */
export async function updateRow(tx: SqlExecutor, table: string, keyValue: unknown, row: Record<string, unknown>, key = 'id'): Promise<void> {
  const columns = Object.keys(row);
  for (const name of [table, key, ...columns]) if (!identifier.test(name)) throw new Error(`Ungültiger Bezeichner: ${name}`);
  const sets = columns.map((c, i) => `${c} = $${i + 2}`);
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${key} = $1`, [keyValue, ...columns.map((c) => row[c])]);
}

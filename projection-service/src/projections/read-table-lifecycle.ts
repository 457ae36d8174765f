import type { Projection } from '../projection';

/**
 * setup, reset and drop of a projection that keeps one read table: the table is created with its
 * column definitions, then its indexes (name → indexed columns), all idempotent.
 */
export function readTableLifecycle(
  table: string,
  columns: string,
  indexes: Record<string, string> = {},
): Pick<Projection, 'setup' | 'reset' | 'drop'> {
  return {
    async setup(sql) {
      await sql.query(`CREATE TABLE IF NOT EXISTS ${table} (${columns})`);
      for (const [name, indexed] of Object.entries(indexes)) await sql.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${indexed})`);
    },
    async reset(sql) {
      await sql.query(`TRUNCATE ${table}`);
    },
    async drop(sql) {
      await sql.query(`DROP TABLE IF EXISTS ${table}`);
    },
  };
}

type Lifecycle = Pick<Projection, 'setup' | 'reset'> & { drop?: Projection['drop'] };

/** The lifecycles of a projection's several tables as one, each step applied to every table in order. */
export function tablesLifecycle(...tables: readonly Lifecycle[]): Pick<Projection, 'setup' | 'reset' | 'drop'> {
  return {
    async setup(sql) {
      for (const t of tables) await t.setup(sql);
    },
    async reset(sql) {
      for (const t of tables) await t.reset(sql);
    },
    async drop(sql) {
      for (const t of tables) await (t.drop ? t.drop(sql) : t.reset(sql));
    },
  };
}

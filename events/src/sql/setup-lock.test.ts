import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSql, type TestSql } from '../testing/test-database';
import { setupUnderLock } from './setup-lock';

// Only PostgreSQL has several connections that can race; PGlite has one.
describe.runIf(process.env.DATABASE_URL)('setupUnderLock on PostgreSQL', () => {
  let db: TestSql;
  beforeAll(async () => {
    db = await createTestSql({ kind: 'postgres', max: 6 });
  });
  afterAll(() => db?.dispose());

  it('lets six processes create the same schema and tables at the same moment, round after round', async () => {
    for (let round = 0; round < 15; round++) {
      const setup = () =>
        setupUnderLock(db.sql, `round${round}.setup`, async (tx) => {
          await tx.query(`CREATE SCHEMA IF NOT EXISTS round${round}`);
          await tx.query(`CREATE TABLE IF NOT EXISTS round${round}.files (id text PRIMARY KEY, size integer NOT NULL)`);
          await tx.query(`ALTER TABLE round${round}.files ADD COLUMN IF NOT EXISTS pending integer NOT NULL DEFAULT 0`);
        });
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, setup));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    }
    const { rows } = await db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'files'");
    expect(rows[0]!.n).toBe(15);
  });
});

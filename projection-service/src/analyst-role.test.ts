import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAnalystRead } from './analyst-role';
import { setupCheckpointTable } from './runner';

describe.runIf(!!process.env.DATABASE_URL)('analyst role on PostgreSQL', () => {
  let db: TestSql;
  beforeAll(async () => {
    db = await createTestSql();
    await setupCheckpointTable(db.sql);
    await db.sql.query('CREATE SCHEMA IF NOT EXISTS es');
    await db.sql.query('CREATE TABLE IF NOT EXISTS es.secret (x int)');
    await grantAnalystRead(db.sql);
    await grantAnalystRead(db.sql); // idempotent
  });
  afterAll(async () => db?.dispose());

  it('may read schema read and nothing else', async () => {
    const { rows } = await db.sql.query<{ read: boolean; write: boolean; es: boolean }>(
      `SELECT has_table_privilege('analyst', 'read.projection_checkpoints', 'SELECT') AS read,
              has_table_privilege('analyst', 'read.projection_checkpoints', 'INSERT') AS write,
              has_table_privilege('analyst', 'es.secret', 'SELECT') AS es`,
    );
    expect(rows[0]).toEqual({ read: true, write: false, es: false });
  });
});

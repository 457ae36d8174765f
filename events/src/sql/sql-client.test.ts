import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestSql, type TestSql } from '../testing/test-database';
import { alwaysPrepared, type SqlClient } from './client';

const kinds = ['pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const kind of kinds) {
  describe(`SQL client: ${kind}`, () => {
    let db: TestSql;
    let sql: SqlClient;

    beforeAll(async () => {
      db = await createTestSql({ kind });
      sql = db.sql;
      await sql.query('CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL)');
    });
    afterAll(() => db?.dispose());

    it('returns int8 and xid8 as numbers, date as text, jsonb as values, takes parameters', async () => {
      const { rows } = await sql.query<{ big: unknown; xid: unknown; doc: unknown; text: unknown }>(
        'SELECT 9007199254740991::int8 AS big, pg_current_xact_id() AS xid, $1::text::jsonb AS doc, $2::text AS text',
        [JSON.stringify({ a: [1, 'zwei'] }), 'ä"\'; DROP TABLE items; --'],
      );
      expect(sql.kind).toBe(kind);
      expect(rows[0]).toEqual({
        big: 9007199254740991,
        xid: expect.any(Number),
        doc: { a: [1, 'zwei'] },
        text: 'ä"\'; DROP TABLE items; --',
      });
      const { rows: huge } = await sql.query<{ n: unknown }>("SELECT '9007199254740993'::int8 AS n");
      expect(huge[0]!.n).toBe(9007199254740993n);
      const { rows: dates } = await sql.query<{ d: unknown }>("SELECT '2025-11-21'::date AS d");
      expect(dates[0]!.d).toBe('2025-11-21');
    });

    it('commits without waiting for the disk only where asked, for that transaction alone', async () => {
      const setting = (tx: { query: SqlClient['query'] }) =>
        tx.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s").then((r) => r.rows[0]!.s);
      expect(await sql.transaction(setting, { durable: false })).toBe('off');
      expect(await sql.transaction(setting)).toBe('on');
      expect(await setting(sql)).toBe('on');
      await sql.query('CREATE TABLE asynchronous (id int PRIMARY KEY, label text NOT NULL)');
      await sql.transaction((tx) => tx.query("INSERT INTO asynchronous VALUES (1, 'asynchron')"), { durable: false });
      expect((await sql.query('SELECT label FROM asynchronous')).rows).toEqual([{ label: 'asynchron' }]);
    });

    it('runs prepared statements like any other, inside transactions too, also after the table changed its columns', async () => {
      await sql.query('CREATE TABLE shapes (id int PRIMARY KEY, label text NOT NULL)');
      await sql.query("INSERT INTO shapes VALUES (1, 'eins')");
      const read = () => alwaysPrepared(sql).query('SELECT * FROM shapes WHERE id = $1', [1]);
      expect((await read()).rows).toEqual([{ id: 1, label: 'eins' }]);
      expect((await read()).rows).toEqual([{ id: 1, label: 'eins' }]);
      const inside = await sql.transaction((tx) => tx.query<{ id: number }>('SELECT id FROM shapes WHERE id = $1', [1], { prepare: true }));
      expect(inside.rows).toEqual([{ id: 1 }]);

      // Another process changes the table: a prepared SELECT * no longer fits, and runs unprepared instead.
      await sql.query("ALTER TABLE shapes ADD COLUMN note text NOT NULL DEFAULT 'neu'");
      const results = await Promise.all(Array.from({ length: 8 }, () => read()));
      for (const result of results) expect(result.rows).toEqual([{ id: 1, label: 'eins', note: 'neu' }]);
    });

    it('commits a transaction, or rolls it back when the callback throws', async () => {
      const result = await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (1, $1)', ['kept']);
        return 'done';
      });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('INSERT INTO items VALUES (2, $1)', ['lost']);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');

      expect(result).toBe('done');
      expect((await sql.query('SELECT id FROM items ORDER BY id')).rows).toEqual([{ id: 1 }]);
    });

    it('keeps statements issued outside a running transaction out of it', async () => {
      let inserted: () => void = () => {};
      const insertedSignal = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const rolledBack = sql.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (10, $1)', ['inside']);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      });
      // On PGlite this waits for the transaction to end; on PostgreSQL it runs on another connection.
      const outside = (async () => {
        await insertedSignal;
        await sql.query('INSERT INTO items VALUES (11, $1)', ['outside']);
        return sql.query<{ id: number }>('SELECT id FROM items WHERE id >= 10 ORDER BY id');
      })();

      await expect(rolledBack).rejects.toThrow('roll back');
      expect((await outside).rows).toEqual([{ id: 11 }]);
    });

    it('refuses to use the client itself inside its own transaction', async () => {
      await expect(sql.transaction(() => sql.query('SELECT 1'))).rejects.toThrow(/inside its own transaction/);
      await expect(sql.transaction(() => sql.transaction(async () => 1))).rejects.toThrow(/inside its own transaction/);
      let leaked: SqlClient['query'] | undefined;
      await sql.transaction(async (tx) => {
        leaked = tx.query.bind(tx);
      });
      await expect(leaked!('SELECT 1')).rejects.toThrow(/already finished/);
      expect((await sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('delivers notifications committed by a transaction to a listener, until it stops listening', async () => {
      const payloads: string[] = [];
      const unlisten = await sql.listen('items_changed', (payload) => payloads.push(payload));
      await sql.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', ['items_changed', 'first']);
      });
      await vi.waitFor(() => expect(payloads).toEqual(['first']), { timeout: 1000 });

      await unlisten();
      await sql.query('SELECT pg_notify($1, $2)', ['items_changed', 'second']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(payloads).toEqual(['first']);
      await expect(sql.listen('Bad-Channel; --', () => {})).rejects.toThrow(/Invalid channel/);
    });
  });
}

describe.runIf(process.env.DATABASE_URL)('PostgreSQL listener connection', () => {
  it('reconnects after losing its connection, calls the listeners once for the gap, and listens on', async () => {
    const db = await createTestSql();
    try {
      const payloads: string[] = [];
      await db.sql.listen('log_changed', (payload) => payloads.push(payload));
      const { rows } = await db.sql.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN log_changed'`,
      );
      expect(rows).toEqual([{ ended: true }]);

      await vi.waitFor(() => expect(payloads).toEqual(['']), { timeout: 5000 });
      await db.sql.query('SELECT pg_notify($1, $2)', ['log_changed', 'after']);
      await vi.waitFor(() => expect(payloads).toEqual(['', 'after']), { timeout: 1000 });
    } finally {
      await db.dispose();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('createTestSql on PostgreSQL', () => {
  it('creates a private database and drops it on dispose', async () => {
    const first = await createTestSql();
    const second = await createTestSql();
    const nameOf = async (db: TestSql) => (await db.sql.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const [a, b] = [await nameOf(first), await nameOf(second)];
    expect(a).not.toBe(b);

    await first.dispose();
    await first.dispose();
    await second.dispose();
    const admin = await createTestSql();
    const { rows } = await admin.sql.query('SELECT datname FROM pg_database WHERE datname = ANY($1::text[])', [[a, b]]);
    await admin.dispose();
    expect(rows).toEqual([]);
  });

  it('drops databases that a killed test run left behind more than an hour ago', async () => {
    const stale = `dispo_test_${(Date.now() - 2 * 60 * 60 * 1000).toString(36)}_1_0123abcd`;
    const setup = await createTestSql();
    await setup.sql.query(`CREATE DATABASE ${stale}`);
    await setup.dispose();

    const next = await createTestSql();
    const { rows } = await next.sql.query('SELECT datname FROM pg_database WHERE datname = $1', [stale]);
    await next.dispose();
    expect(rows).toEqual([]);
  });
});

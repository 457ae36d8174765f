import { describe, expect, it } from 'vitest';
import { createTestSql, createTestTemplate } from './test-database';

const kinds = ['pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(kinds)('test database templates: %s', (kind) => {
  it('starts each copy with what the template holds, and keeps the copies apart', async () => {
    const { template, dispose } = await createTestTemplate(kind, async (sql) => {
      await sql.query('CREATE TABLE seeded (id int PRIMARY KEY, label text NOT NULL)');
      await sql.query("INSERT INTO seeded VALUES (1, 'Zementwerk'), (2, 'Kieswerk')");
    });
    const [a, b] = await Promise.all([createTestSql({ from: template }), createTestSql({ from: template })]);
    try {
      expect(a.sql.kind).toBe(kind);
      await a.sql.query("INSERT INTO seeded VALUES (3, 'Sandgrube')");
      const labels = async (sql: typeof a.sql) => (await sql.query<{ label: string }>('SELECT label FROM seeded ORDER BY id')).rows.map((r) => r.label);
      expect(await labels(a.sql)).toEqual(['Zementwerk', 'Kieswerk', 'Sandgrube']);
      expect(await labels(b.sql)).toEqual(['Zementwerk', 'Kieswerk']);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
      await dispose();
    }
  });
});

import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders } from '../orders/order-list';
import { keyedListQuery } from '../orders/order-list-keys';
import { ordersProjection } from './orders';
import { referenceDataProjection } from './reference-data';

/** The statements a read sends, without running them. */
function recorder() {
  const statements: { text: string; params: unknown[] }[] = [];
  return { statements, sql: { query: async (text: string, params: unknown[] = []) => (statements.push({ text, params }), { rows: [] }) } };
}

describe('the orders projection indexes the default sort', () => {
  let db: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
    await db.sql.query('CREATE SCHEMA IF NOT EXISTS read');
    await referenceDataProjection.setup(db.sql);
    await ordersProjection.setup(db.sql);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  /** The plan of `text` when the planner may neither scan the table nor sort. */
  const planOf = (text: string, params: unknown[]) =>
    db.sql.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('reads a page of the order list in default order from orders_default_sort_idx', async () => {
    const { sql, statements } = recorder();
    await listOrders(sql, { page: 1, limit: 50, sortOrder: 'asc' });
    const page = statements.find((s) => /ORDER BY/.test(s.text))!;
    expect(await planOf(page.text, page.params)).toMatch(/orders_default_sort_idx/);
  });

  it('counts and pages a plant with a status and a search term from orders_list_keys_idx alone', async () => {
    const keyed = await keyedListQuery(db.sql, { plant: 'plant-1', status: 'offen', search: 's2611', sortBy: 'quantity', page: 1, limit: 50, sortOrder: 'asc' });
    expect(keyed).not.toBeNull();
    const count = await planOf(`SELECT count(*) FROM read.orders ${keyed!.where}`, keyed!.whereParams);
    expect(count).toMatch(/Index Only Scan using orders_list_keys_idx/);
    const page = await planOf(`SELECT id FROM read.orders ${keyed!.where} ORDER BY ${keyed!.orderBy} LIMIT 50`, keyed!.params);
    expect(page).toMatch(/Index Only Scan using orders_list_keys_idx/);
    // In the default order the index is already sorted: the page needs no sort of every match.
    const byDay = await keyedListQuery(db.sql, { plant: 'plant-1', status: 'offen', search: 's2611', page: 1, limit: 50, sortBy: 'deliveryDate', sortOrder: 'asc' });
    const dayPage = await planOf(`SELECT id FROM read.orders ${byDay!.where} ORDER BY ${byDay!.orderBy} LIMIT 50`, byDay!.params);
    expect(dayPage).toMatch(/Index Only Scan using orders_list_keys_idx/);
    expect(dayPage).not.toMatch(/Sort/);
  });
});

import type { SqlClient } from '@dispo/events/sql/client';
import { assertSqlIdentifier } from '@dispo/events/sql/identifier';
import { ordersProjection } from '@dispo/projection-service/projections/orders';
import { FILL_ORDERS } from './order-fill';

/**
 * `rows` orders into read.orders, fast: the table's secondary indexes are dropped, the rows generated
 * in the database (FILL_ORDERS, one INSERT … SELECT, no round trip per row), and the indexes built
 * again by the projection's own setup, in one pass each rather than row by row (for the trigram
 * index that is most of the difference). Then VACUUM ANALYZE, as autovacuum would leave the table.
 */
export async function bulkFillOrders(sql: SqlClient, rows: number, firstDate: string, days: number): Promise<void> {
  const { rows: indexes } = await sql.query<{ name: string }>(
    `SELECT i.indexrelid::regclass::text AS name FROM pg_index i
     WHERE i.indrelid = 'read.orders'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  await sql.transaction(async (tx) => {
    for (const { name } of indexes) await tx.query(`DROP INDEX ${name.split('.').map((part) => assertSqlIdentifier(part, 'index')).join('.')}`);
    await tx.query(FILL_ORDERS, [rows, firstDate, days, 'bench-']);
    await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
    await ordersProjection.setup(tx);
  });
  await sql.query('VACUUM ANALYZE read.orders');
}

/**
 * `count` OrderCreated events appended to the log in one statement: copies of the newest one, each its
 * own order (stream `order-rb-<n>`, id and order number of its own), as a log of that many orders.
 */
export async function bulkWriteOrderEvents(sql: SqlClient, count: number): Promise<void> {
  await sql.query(
    `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
     SELECT 'order-rb-' || g, 1, gen_random_uuid(), t.type, t.schema_version,
            t.data || jsonb_build_object('id', 'rb-' || g, 'orderNumber', 'R' || lpad(g::text, 8, '0')), t.metadata
     FROM (SELECT type, schema_version, data, metadata FROM es.events WHERE type = 'OrderCreated' ORDER BY global_position DESC LIMIT 1) t
     CROSS JOIN generate_series(1, $1::int) AS g`,
    [count],
  );
  await sql.query('ANALYZE es.events');
}

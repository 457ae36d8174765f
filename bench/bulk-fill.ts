import type { SqlClient } from '@dispo/events/sql/client';
import { assertSqlIdentifier } from '@dispo/events/sql/identifier';
import { ordersProjection } from '@dispo/projection-service/projections/orders';
import { FILL_ORDERS } from './order-fill';

/**
 * Rows per statement: every transaction holds back the xmin horizon of the whole server, and with it
 * the projection runners of every database on it (ADR 0001), so no single one may run for minutes.
 */
const CHUNK = 50_000;

/**
 * `rows` orders into read.orders, fast: the table's secondary indexes are dropped, the rows generated
 * in the database (FILL_ORDERS, INSERT … SELECT in chunks, no round trip per row), and the indexes
 * built again by the projection's own setup, in one pass each rather than row by row (for the trigram
 * index that is most of the difference). Then VACUUM ANALYZE, as autovacuum would leave the table.
 */
export async function bulkFillOrders(sql: SqlClient, rows: number, firstDate: string, days: number): Promise<void> {
  const { rows: indexes } = await sql.query<{ name: string }>(
    `SELECT i.indexrelid::regclass::text AS name FROM pg_index i
     WHERE i.indrelid = 'read.orders'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await sql.query(`DROP INDEX ${name.split('.').map((part) => assertSqlIdentifier(part, 'index')).join('.')}`);
  for (let done = 0; done < rows; done += CHUNK) {
    await sql.query(FILL_ORDERS, [Math.min(CHUNK, rows - done), firstDate, days, 'bench-', done]);
  }
  await ordersProjection.setup(sql);
  await sql.query('VACUUM ANALYZE read.orders');
}

/**
 * `count` OrderCreated events appended to the log, in chunks: copies of the newest one, each its own
 * order (stream `order-rb-<n>`, an id and an order number of its own, 10,000 numbers a day from 2020).
 */
export async function bulkWriteOrderEvents(sql: SqlClient, count: number): Promise<void> {
  for (let first = 1; first <= count; first += CHUNK) {
    await sql.query(
      `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       SELECT 'order-rb-' || g, 1, gen_random_uuid(), t.type, t.schema_version,
              t.data || jsonb_build_object('id', 'rb-' || g,
                'orderNumber', 'S' || to_char(date '2020-01-01' + g / 10000, 'YYMMDD') || '-' || lpad((g % 10000)::text, 4, '0')),
              t.metadata
       FROM (SELECT type, schema_version, data, metadata FROM es.events WHERE type = 'OrderCreated' ORDER BY global_position DESC LIMIT 1) t
       CROSS JOIN generate_series($1::int, $2::int) AS g`,
      [first, Math.min(count, first + CHUNK - 1)],
    );
  }
  await sql.query('ANALYZE es.events');
}

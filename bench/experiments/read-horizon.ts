/**
 * DATABASE_URL=... npx tsx bench/experiments/read-horizon.ts [--reads=3000]
 *
 * The cost of one read of the log at its end (what every wake of a subscriber does): sequential
 * `readAll` calls from the last position over a log of 1,000 events, once with no other write
 * transaction on the server, while another database holds one open, and then with an event committed
 * after that transaction (then the horizon of ADR 0019 looks at the backends' activity). Prints µs per
 * read (p50 / mean) for each.
 */
import { performance } from 'node:perf_hooks';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import type { LogPosition } from '@dispo/events/envelope';
import { EventRegistry } from '@dispo/events/registry';
import { SqlEventStore } from '@dispo/events/store/sql-event-store';
import { createTestSql } from '@dispo/events/testing/test-database';
import pg from 'pg';

const READS = Number(process.argv.find((a) => a.startsWith('--reads='))?.slice(8) ?? 3000);

async function main(): Promise<void> {
  const db = await createTestSql({ kind: 'postgres', max: 2 });
  const other = await createTestSql({ kind: 'postgres', max: 1 });
  const store = new SqlEventStore(db.sql, new EventRegistry(allEventDefinitions));
  try {
    await store.migrate();
    await db.sql.query(
      `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       SELECT 'bench-' || n, 1, gen_random_uuid(), 'Bench', 1, '{}', '{}' FROM generate_series(1, 1000) n`,
    );
    // The log's end, by a query that reads the same before and after ADR 0019 (all of epoch 0 here).
    const logEnd = async (): Promise<LogPosition> => {
      const { rows } = await db.sql.query<{ x: number; p: number }>(
        'SELECT transaction_id AS x, global_position AS p FROM es.events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
      );
      return { epoch: 0, transactionId: Number(rows[0]!.x), globalPosition: Number(rows[0]!.p) } as LogPosition;
    };
    let end = await logEnd();
    const measure = async (label: string) => {
      for (let i = 0; i < 200; i++) await store.readAll(end);
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const t0 = performance.now();
        const batch = await store.readAll(end);
        times.push(performance.now() - t0);
        if (batch.length > 0) end = batch.at(-1)!.position;
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      console.log(`${label}: p50 ${(times[times.length >> 1]! * 1000).toFixed(0)} µs, mean ${(mean * 1000).toFixed(0)} µs (${READS} reads)`);
    };
    await measure('no other write transaction');
    await other.sql.query('CREATE TABLE job (n int)');
    const session = new pg.Client({ connectionString: other.url });
    await session.connect();
    await session.query('BEGIN');
    await session.query('INSERT INTO job VALUES (1)');
    try {
      await measure('a write transaction open in another database');
      // An event committed after it: the horizon now looks at the backends (before ADR 0019 it held it back).
      await db.sql.query(
        `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
         VALUES ('bench-late', 1, gen_random_uuid(), 'Bench', 1, '{}', '{}')`,
      );
      end = await logEnd();
      await measure('the same, with an event committed after it');
    } finally {
      await session.query('ROLLBACK');
      await session.end();
    }
  } finally {
    await store.close();
    await db.dispose();
    await other.dispose();
  }
}

await main();

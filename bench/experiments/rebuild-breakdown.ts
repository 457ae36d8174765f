/**
 * EXPERIMENT: where a rebuild of the orders projection spends its time (issue 20). One bench app, `events`
 * OrderCreated events bulk-written into the log, then: reading the log alone (batches of 500 and 5,000),
 * the rebuild as the runner does it, and the same without the secondary indexes of read.orders.
 *
 *   DATABASE_URL=… npx tsx bench/experiments/rebuild-breakdown.ts [--events=20000] [--only=read,rebuild,noindex] [--replay-batch=1000,5000]
 */
import { LOG_START, type LogPosition } from '@dispo/events/envelope';
import { assertSqlIdentifier } from '@dispo/events/sql/identifier';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import { projections } from '@dispo/runtime/services';
import { demoOrderBody } from '@dispo/runtime/testing/demo-order';
import pino from 'pino';
import { bulkWriteOrderEvents } from '../bulk-fill';
import { nodeCpuMs, PgBackendCpu } from '../cost';
import { listenAndLogin, startBenchApp } from '../runtime-app';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const EVENTS = Number(arg('events', '20000'));
const ONLY = arg('only', 'read,rebuild,noindex').split(',');
const REPLAY_BATCHES = arg('replay-batch', '5000').split(',').map(Number);

const app = await startBenchApp('postgres');
try {
  const { base, headers } = await listenAndLogin(app);
  const res = await fetch(`${base}/api/orders`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(demoOrderBody()) });
  if (res.status >= 300) throw new Error(`POST /api/orders answered ${res.status}`);
  await app.services.runner.stop();
  await bulkWriteOrderEvents(app.infra.sql, EVENTS);
  await app.infra.sql.query(
    `UPDATE read.projection_checkpoints c SET epoch = h.epoch, transaction_id = h.transaction_id::text::bigint, global_position = h.global_position
     FROM (SELECT epoch, transaction_id, global_position FROM es.events ORDER BY epoch DESC, transaction_id DESC, global_position DESC LIMIT 1) h
     WHERE c.name <> 'orders'`,
  );
  const pgCpu = new PgBackendCpu(app.infra.sql);
  const timed = async (label: string, fn: () => Promise<number>) => {
    const [t0, c0, p0] = [performance.now(), nodeCpuMs(), await pgCpu.read()];
    const n = await fn();
    const [t1, c1, p1] = [performance.now(), nodeCpuMs(), await pgCpu.read()];
    const s = (t1 - t0) / 1000;
    console.log(`${label.padEnd(40)} ${n} events ${s.toFixed(1)} s ${Math.round(n / s)}/s  node cpu ${Math.round(c1 - c0)} ms  pg cpu ${Math.round(p1 - p0)} ms`);
  };
  for (const size of ONLY.includes('read') ? [500, 5000] : []) {
    await timed(`read the log, batches of ${size}`, async () => {
      let from: LogPosition = LOG_START;
      let n = 0;
      for (;;) {
        const batch = await app.infra.store.readAll(from, { batchSize: size });
        if (batch.length === 0) return n;
        n += batch.length;
        from = batch[batch.length - 1]!.position;
      }
    });
  }
  if (ONLY.includes('read')) {
    await timed('read the log, raw rows (no upcast)', async () => {
      let n = 0;
      let after = [0, 0, 0];
      for (;;) {
        const { rows } = await app.infra.sql.query<{ epoch: number; transaction_id: number; global_position: number }>(
          `SELECT global_position, epoch, transaction_id, stream_id, stream_version, event_id, type, schema_version, data, metadata, recorded_at FROM es.events
           WHERE (epoch, transaction_id, global_position) > ($1::int, $2::text::xid8, $3::bigint) ORDER BY epoch, transaction_id, global_position LIMIT 5000`,
          [after[0], String(after[1]), after[2]],
        );
        if (rows.length === 0) return n;
        n += rows.length;
        after = [rows[rows.length - 1]!.epoch, rows[rows.length - 1]!.transaction_id, rows[rows.length - 1]!.global_position];
      }
    });
  }
  let runner = new ProjectionRunner(app.infra.sql, app.infra.store, projections, app.infra.bus, pino({ level: 'warn' }));
  await runner.setup();
  for (const size of ONLY.includes('rebuild') ? REPLAY_BATCHES : []) {
    runner = new ProjectionRunner(app.infra.sql, app.infra.store, projections, app.infra.bus, pino({ level: 'warn' }), { replayBatchSize: size });
    await timed(`rebuild (runner), batches of ${size}`, () => runner.rebuild('orders'));
  }
  if (ONLY.includes('noindex')) {
    const { rows: indexes } = await app.infra.sql.query<{ name: string }>(
      `SELECT i.indexrelid::regclass::text AS name FROM pg_index i
       WHERE i.indrelid = 'read.orders'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    );
    for (const { name } of indexes) await app.infra.sql.query(`DROP INDEX ${name.split('.').map((part) => assertSqlIdentifier(part, 'index')).join('.')}`);
    await timed('rebuild (runner), no secondary indexes', () => runner.rebuild('orders'));
    const orders = projections.find((p) => p.name === 'orders')!;
    await timed('indexes built afterwards', async () => {
      await orders.setup(app.infra.sql);
      return EVENTS;
    });
  }
  if (process.argv.includes('--pause')) {
    console.log(`database ${app.database} kept until this process gets a line on stdin`);
    await new Promise((resolve) => process.stdin.once('data', resolve));
  }
} finally {
  await app.close();
}

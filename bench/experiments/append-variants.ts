/**
 * EXPERIMENT, not product code: the measurements that led to ADR 0007 (one-statement appends, group
 * commit; bench/README.md, "Where the time goes"). Runs the 1,000-stream / 16-writer append of
 * bench/append.ts against
 *   - the product's SqlEventStore.appendMany (5 statements in one transaction per append when this was
 *     written; since ADR 0007 itself a group append of one statement),
 *   - a one-statement append (autocommit INSERT … SELECT with the expected-version check inside),
 *   - a group append: concurrent appends of this process combined into one such statement,
 * each with and without a NOTIFY statement trigger on the event table (the product had one until ADR
 * 0017; here it is created for the "on" runs). Happy path only (exact expected versions,
 * no idempotent retries): the product's checks and error mapping are not re-implemented here.
 *
 *   DATABASE_URL=… npx tsx bench/experiments/append-variants.ts [--db=pglite|postgres] [--seconds=5]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import type { NewEvent } from '@dispo/events/envelope';
import { EventRegistry } from '@dispo/events/registry';
import type { SqlClient } from '@dispo/events/sql/client';
import { createEventStore } from '@dispo/events/store/create-event-store';
import { createTestSql } from '@dispo/events/testing/test-database';
import { CpuPressure, nodeCpuMs, PgBackendCpu } from '../cost';
import { int, ms, renderTable } from '../stats';

const STREAMS = 1000;
const WRITERS = 16;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const kind = (arg('db') ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'postgres' | 'pglite';
const seconds = Number(arg('seconds') ?? 5);
const registry = new EventRegistry(allEventDefinitions);

/** The statement trigger of the product before ADR 0017. */
const NOTIFY_TRIGGER = [
  `CREATE OR REPLACE FUNCTION es.notify_appended() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('es_events', '');
     RETURN NULL;
   END $$`,
  'CREATE OR REPLACE TRIGGER notify_appended AFTER INSERT ON es.events FOR EACH STATEMENT EXECUTE FUNCTION es.notify_appended()',
];

type Append = (streamId: string, expected: number, event: NewEvent) => Promise<void>;

/** Expected-version check and insert in one statement; writes whose check fails insert nothing. */
const ONE_STATEMENT = `WITH e AS (
  SELECT * FROM jsonb_to_recordset($1::text::jsonb)
    AS e(w int, ord int, stream_id text, expected int, event_id uuid, type text, schema_version int, data jsonb, metadata jsonb)
), ok AS (
  SELECT s.w FROM (
    SELECT DISTINCT w, stream_id, expected, COALESCE((SELECT max(x.stream_version) FROM es.events x WHERE x.stream_id = e.stream_id), 0) AS current FROM e
  ) s GROUP BY s.w HAVING bool_and(s.current = s.expected)
)
INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
SELECT e.stream_id, e.expected + row_number() OVER (PARTITION BY e.w, e.stream_id ORDER BY e.ord), e.event_id, e.type, e.schema_version, e.data, e.metadata
FROM e JOIN ok USING (w) ORDER BY e.w, e.ord
RETURNING stream_id, stream_version, transaction_id, global_position`;

function row(w: number, streamId: string, expected: number, event: NewEvent) {
  const data = registry.validateForAppend(event.type, event.schemaVersion, event.data);
  return { w, ord: 0, stream_id: streamId, expected, event_id: event.eventId, type: event.type, schema_version: event.schemaVersion, data, metadata: event.metadata };
}

function oneStatement(sql: SqlClient): Append {
  return async (streamId, expected, event) => {
    const { rows } = await sql.query(ONE_STATEMENT, [JSON.stringify([row(0, streamId, expected, event)])]);
    if (rows.length !== 1) throw new Error(`wrong expected version on ${streamId}`);
  };
}

/** Natural batching: while `inFlight` statements run, new appends queue and go together in the next one. */
function groupAppend(sql: SqlClient, inFlight = 2): { append: Append; statements: () => number } {
  type Pending = { row: ReturnType<typeof row>; resolve: () => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let running = 0;
  let statements = 0;
  const pump = () => {
    while (running < inFlight && queue.length > 0) {
      const batch = queue.slice(0, 500);
      queue = queue.slice(500);
      running++;
      statements++;
      const rows = batch.map((p, w) => ({ ...p.row, w }));
      sql
        .query<{ stream_id: string }>(ONE_STATEMENT, [JSON.stringify(rows)])
        .then(
          ({ rows: written }) => {
            const done = new Set(written.map((r) => r.stream_id));
            for (const p of batch) {
              if (done.has(p.row.stream_id)) p.resolve();
              else p.reject(new Error(`wrong expected version on ${p.row.stream_id}`));
            }
          },
          (error: unknown) => {
            for (const p of batch) p.reject(error);
          },
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return {
    append: (streamId, expected, event) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row: row(0, streamId, expected, event), resolve, reject });
        pump();
      }),
    statements: () => statements,
  };
}

function reservedEvent(streamId: string, version: number): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'UniqueValueReserved',
    schemaVersion: 1,
    data: { kind: 'bench', value: `${streamId}/${version}`, ownerId: randomUUID() },
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), commandName: 'Bench' },
  };
}

async function measure(variant: string, notify: boolean): Promise<string[]> {
  const db = await createTestSql({ kind, max: 20 });
  try {
    const store = await createEventStore({ sql: db.sql, registry });
    if (notify) for (const statement of NOTIFY_TRIGGER) await db.sql.query(statement);
    const group = variant === 'group append' ? groupAppend(db.sql) : null;
    const append: Append =
      variant === 'SqlEventStore (product)'
        ? async (streamId, expected, event) => {
            await store.append(streamId, expected === 0 ? 'no_stream' : expected, [event]);
          }
        : (group?.append ?? oneStatement(db.sql));
    const pgCpu = new PgBackendCpu(db.sql);
    const versions = new Array<number>(STREAMS).fill(0);
    const before = { node: nodeCpuMs(), pg: await pgCpu.read() };
    let events = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        while (performance.now() < end) {
          for (let s = w; s < STREAMS && performance.now() < end; s += WRITERS) {
            const streamId = `bench-stream-${s}`;
            await append(streamId, versions[s]!, reservedEvent(streamId, versions[s]! + 1));
            versions[s]!++;
            events++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const node = (nodeCpuMs() - before.node) / events;
    const pg = ((await pgCpu.read()) - before.pg) / events;
    await store.close();
    const perStatement = group ? `${(events / group.statements()).toFixed(1)} appends/statement` : '';
    return [variant, notify ? 'on' : 'off', `${int(events / elapsed)} events/s`, `${ms(node)} ms`, Number.isFinite(pg) ? `${ms(pg)} ms` : 'in node', perStatement];
  } finally {
    await db.dispose();
  }
}

const pressure = new CpuPressure();
const rows: string[][] = [];
for (const variant of ['SqlEventStore (product)', 'one statement', 'group append']) {
  for (const notify of [true, false]) {
    process.stderr.write(`${variant}, notify ${notify ? 'on' : 'off'} …\n`);
    rows.push(await measure(variant, notify));
  }
}
console.log(`\nappend variants on ${kind}: ${int(STREAMS)} streams, ${WRITERS} writers, ${seconds} s each; host CPU pressure ${(100 * pressure.share()).toFixed(0)}%`);
console.log(renderTable(['append', 'NOTIFY trigger', 'throughput', 'node CPU/append', 'PostgreSQL CPU/append', ''], rows));
process.exit(0);

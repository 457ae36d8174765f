import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import type { NewEvent } from '@dispo/events/envelope';
import { EventRegistry } from '@dispo/events/registry';
import { createEventStore } from '@dispo/events/store/create-event-store';
import type { EventStore, ExpectedVersion } from '@dispo/events/store/port';
import { createTestSql } from '@dispo/events/testing/test-database';
import { type Cost, type CostSnapshot, costBetween, countingSql, nodeCpuMs, PgBackendCpu } from './cost';
import { renderWaits, WaitSampler } from './pg-waits';
import { type Percentiles, percentiles } from './stats';

export interface Throughput {
  events: number;
  seconds: number;
  perSecond: number;
  /** Time of one append call (its transaction, commit included). */
  latency: Percentiles;
  cost: Cost;
}

export interface AppendFigures {
  single: Throughput;
  multi: Throughput;
  streams: number;
  writers: number;
  /** pg_stat_activity samples of both phases (with `waits`). */
  waits: string[];
}

export interface AppendOptions {
  kind: 'postgres' | 'pglite';
  seconds: number;
  streams?: number;
  writers?: number;
  /** Sample pg_stat_activity during the measurements (PostgreSQL). */
  waits?: boolean;
}

/**
 * Appends of one `UniqueValueReserved` event each (the real registry validates it), with exact
 * expected versions: first sequentially to one stream, then to `streams` streams from `writers`
 * concurrent writers, each owning every writers-th stream (so no append conflicts).
 */
export async function benchAppend(options: AppendOptions): Promise<AppendFigures> {
  const streams = options.streams ?? 1000;
  const writers = options.writers ?? 16;
  // The production pool (runtime/src/infrastructure.ts) has 20 connections; writers need one each.
  const db = await createTestSql({ kind: options.kind, max: Math.max(20, writers) });
  try {
    const { sql, counters } = countingSql(db.sql);
    const pgCpu = new PgBackendCpu(db.sql);
    const snapshot = async (): Promise<CostSnapshot> => ({ nodeCpuMs: nodeCpuMs(), pgCpuMs: await pgCpu.read(), ...counters });
    const store = await createEventStore({ sql, registry: new EventRegistry(allEventDefinitions) });
    // Warm-up: JIT, connection pool, catalogue caches.
    await sequential(store, 'bench-warmup', 300, 1);

    const waits: string[] = [];
    const { rows } = await db.sql.query<{ name: string }>('SELECT current_database() AS name');
    const sampled = async (title: string, fn: () => Promise<Omit<Throughput, 'cost'>>): Promise<Throughput> => {
      const sampler = options.waits && db.sql.kind === 'postgres' ? new WaitSampler(process.env.DATABASE_URL!, rows[0]!.name) : null;
      sampler?.start();
      const before = await snapshot();
      const figures = await fn();
      const cost = costBetween(before, await snapshot());
      if (sampler) waits.push(renderWaits(title, await sampler.stop()));
      return { ...figures, cost };
    };
    const single = await sampled('append, 1 stream', () => sequential(store, 'bench-single', Number.POSITIVE_INFINITY, options.seconds));
    const multi = await sampled(`append, ${streams} streams, ${writers} writers`, () =>
      concurrent(store, streams, writers, options.seconds),
    );
    await store.close();
    return { single, multi, streams, writers, waits };
  } finally {
    await db.dispose();
  }
}

async function sequential(store: EventStore, streamId: string, maxEvents: number, seconds: number): Promise<Omit<Throughput, 'cost'>> {
  const latencies: number[] = [];
  let version = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (version < maxEvents && performance.now() < end) {
    const t = performance.now();
    await store.append(streamId, expected(version), [reservedEvent(streamId, version + 1)]);
    latencies.push(performance.now() - t);
    version++;
  }
  return throughput(latencies, performance.now() - start);
}

async function concurrent(store: EventStore, streams: number, writers: number, seconds: number): Promise<Omit<Throughput, 'cost'>> {
  const versions = new Array<number>(streams).fill(0);
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  const writer = async (w: number) => {
    for (let round = 0; performance.now() < end; round++) {
      for (let s = w; s < streams && performance.now() < end; s += writers) {
        const streamId = `bench-stream-${s}`;
        const version = versions[s]!;
        const t = performance.now();
        await store.append(streamId, expected(version), [reservedEvent(streamId, version + 1)]);
        latencies.push(performance.now() - t);
        versions[s] = version + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  return throughput(latencies, performance.now() - start);
}

function throughput(latencies: number[], elapsedMs: number): Omit<Throughput, 'cost'> {
  const seconds = elapsedMs / 1000;
  return { events: latencies.length, seconds, perSecond: latencies.length / seconds, latency: percentiles(latencies) };
}

const expected = (version: number): ExpectedVersion => (version === 0 ? 'no_stream' : version);

export function reservedEvent(streamId: string, version: number): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'UniqueValueReserved',
    schemaVersion: 1,
    data: { kind: 'bench', value: `${streamId}/${version}`, ownerId: randomUUID() },
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), commandName: 'Bench' },
  };
}

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import { LOG_START, type RecordedEvent } from '@dispo/events/envelope';
import { EventRegistry } from '@dispo/events/registry';
import { SqlEventStore } from '@dispo/events/store/sql-event-store';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { PgBackendCpu } from './cost';
import { type Percentiles, percentiles, sleep } from './stats';

export type Engine = 'dispo' | 'emmett';

export interface WorkerTask {
  engine: Engine;
  url: string;
  /** Global index of this process's first writer and how many it runs. */
  firstWriter: number;
  writers: number;
  totalWriters: number;
  streams: number;
  startAt: number;
  seconds: number;
}

export interface WorkerResult {
  events: number;
  latencies: number[];
  /** Wall clock (epoch ms) of the measured window. */
  startedAt: number;
  endedAt: number;
  /** CPU time of the process in the measured window. */
  nodeCpuMs: number;
}

export const EMMETT_MODULE = new URL('./emmett/node_modules/@event-driven-io/emmett-postgresql/dist/index.js', import.meta.url).href;

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL('./append-worker.ts', import.meta.url));
/** Time for the workers to start, connect and warm up before the common start. */
const BOOT_MS = 6000;

export interface ProcessesRun {
  engine: Engine;
  processes: number;
  events: number;
  seconds: number;
  perSecond: number;
  latency: Percentiles;
  /** CPU per append: the writer processes' and the database backends' (less sensitive to a busy host than events/s). */
  nodeCpuMs: number;
  pgCpuMs: number;
  /** Dispo: append commit (recorded_at) -> seen by a subscriber in another process. */
  delivery?: Percentiles;
  /** What the correctness checks found wrong (empty: all green). */
  problems: string[];
}

export interface ProcessesOptions {
  seconds: number;
  streams: number;
  writers: number;
  processes: readonly number[];
  rounds: number;
  engines: readonly Engine[];
}

/**
 * Dispo's store against Emmett's PostgreSQL event store on the same server and workload, in
 * alternating runs: each run a fresh database and `writers` writers split over `processes` separate
 * processes (append-worker.ts), all starting at the same instant. Throughput is every process's
 * events over the union of their windows.
 */
export async function benchAppendProcesses(options: ProcessesOptions, progress: (line: string) => void): Promise<ProcessesRun[]> {
  const runs: ProcessesRun[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const processes of options.processes) {
      for (const engine of options.engines) {
        progress(`round ${round}: ${engine}, ${processes} process(es) …`);
        runs.push(await once(engine, processes, options));
      }
    }
  }
  return runs;
}

async function once(engine: Engine, processes: number, options: ProcessesOptions): Promise<ProcessesRun> {
  const db = await createTestSql({ kind: 'postgres', max: 4 });
  try {
    const follower = engine === 'dispo' ? await followDispo(db) : null;
    if (engine === 'emmett') await migrateEmmett(db.url!);
    const startAt = Date.now() + BOOT_MS;
    const split = splitWriters(options.writers, processes);
    const pgCpu = sampleBackendCpu(db, startAt);
    let results: WorkerResult[];
    let pgCpuMs: number;
    try {
      results = await Promise.all(
        split.map(([firstWriter, writers]) => {
          const task: WorkerTask = {
            engine,
            url: db.url!,
            firstWriter,
            writers,
            totalWriters: options.writers,
            streams: options.streams,
            startAt,
            seconds: options.seconds,
          };
          return run(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(task)], { maxBuffer: 256 * 1024 * 1024 }).then(
            ({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as WorkerResult,
          );
        }),
      );
    } finally {
      pgCpuMs = await pgCpu.stop();
    }
    const events = results.reduce((n, r) => n + r.events, 0);
    const seconds = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
    const figures = {
      engine,
      processes,
      events,
      seconds,
      perSecond: events / seconds,
      latency: percentiles(results.flatMap((r) => r.latencies)),
      nodeCpuMs: results.reduce((n, r) => n + r.nodeCpuMs, 0) / events,
      pgCpuMs: pgCpuMs / events,
    };
    if (follower) {
      const { problems, delivery } = await follower.check();
      return { ...figures, delivery, problems };
    }
    return { ...figures, problems: await checkEmmett(db) };
  } finally {
    await db.dispose();
  }
}

/**
 * CPU time of the database's backends from `startAt` until stopped, sampled every 200 ms: the writers'
 * connections end with their processes, and only a backend that is still running can be read.
 */
function sampleBackendCpu(db: TestSql, startAt: number): { stop(): Promise<number> } {
  const cpu = new PgBackendCpu(db.sql);
  let stopped = false;
  const sampling = (async () => {
    await sleep(Math.max(0, startAt - Date.now()));
    const first = await cpu.read();
    let last = first;
    while (!stopped) {
      await sleep(200);
      last = await cpu.read();
    }
    return last - first;
  })();
  return {
    stop: () => {
      stopped = true;
      return sampling;
    },
  };
}

/** [first writer, writers] per process, as even as possible: 16 over 3 is 6, 5, 5. */
function splitWriters(writers: number, processes: number): [number, number][] {
  const out: [number, number][] = [];
  let first = 0;
  for (let p = 0; p < processes; p++) {
    const n = Math.floor(writers / processes) + (p < writers % processes ? 1 : 0);
    out.push([first, n]);
    first += n;
  }
  return out;
}

/**
 * A subscriber in this process, as the projection-service follows the log the writers' processes
 * append to: every event must arrive once, every stream's versions contiguous and in order.
 */
async function followDispo(db: TestSql) {
  const store = new SqlEventStore(db.sql, new EventRegistry(allEventDefinitions));
  await store.migrate();
  const seen: RecordedEvent[] = [];
  const delays: number[] = [];
  let checkpoint = LOG_START;
  let reading: Promise<void> | null = null;
  let again = false;
  const read = async () => {
    do {
      again = false;
      for (let batch = await store.readAll(checkpoint); batch.length > 0; batch = await store.readAll(checkpoint)) {
        const now = Date.now();
        for (const e of batch) delays.push(now - Date.parse(e.recordedAt));
        seen.push(...batch);
        checkpoint = batch.at(-1)!.position;
      }
    } while (again);
  };
  const wake = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = read().finally(() => {
      reading = null;
    });
  };
  const unsubscribe = await store.subscribe(wake);
  return {
    async check(): Promise<{ problems: string[]; delivery: Percentiles }> {
      const { rows } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events');
      const stored = rows[0]!.n;
      for (let waited = 0; seen.length < stored && waited < 15_000; waited += 50) await sleep(50);
      await unsubscribe();
      await reading;
      await store.close();
      const problems: string[] = [];
      if (seen.length !== stored) problems.push(`delivered ${seen.length} of ${stored} events`);
      if (new Set(seen.map((e) => e.eventId)).size !== seen.length) problems.push('an event was delivered twice');
      const last = new Map<string, number>();
      for (const e of seen) {
        if (e.streamVersion !== (last.get(e.streamId) ?? 0) + 1)
          problems.push(`${e.streamId}: version ${e.streamVersion} after ${last.get(e.streamId) ?? 0} in the global log`);
        last.set(e.streamId, e.streamVersion);
      }
      problems.push(
        ...(await contiguous(
          db,
          'SELECT stream_id, count(*)::int AS n, max(stream_version)::int AS top FROM es.events GROUP BY stream_id',
        )),
      );
      return { problems: problems.slice(0, 5), delivery: percentiles(delays) };
    },
  };
}

async function migrateEmmett(url: string): Promise<void> {
  const emmett = (await import(EMMETT_MODULE)) as {
    getPostgreSQLEventStore(url: string): { schema: { migrate(): Promise<unknown> }; close(): Promise<void> };
  };
  const store = emmett.getPostgreSQLEventStore(url);
  await store.schema.migrate();
  await store.close();
}

function checkEmmett(db: TestSql): Promise<string[]> {
  return contiguous(db, 'SELECT stream_id, count(*)::int AS n, max(stream_position)::int AS top FROM emt_messages GROUP BY stream_id');
}

/** Every stream's versions are 1..n without gaps or doubles. */
async function contiguous(db: TestSql, perStream: string): Promise<string[]> {
  const { rows } = await db.sql.query<{ stream_id: string; n: number; top: number }>(perStream);
  return rows.filter((r) => r.n !== r.top).map((r) => `${r.stream_id}: ${r.n} events, last version ${r.top}`);
}

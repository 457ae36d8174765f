/**
 * One writer process of `bench:append -- --only=processes` (append-processes.ts): runs `writers` of
 * the 16 writers against the database at `url`, with Dispo's SqlEventStore (production pool and group
 * commit) or Emmett's PostgreSQL event store, from `startAt` for `seconds`, and prints its figures as
 * one JSON line. Writer w owns every writers-th of the streams, so appends never conflict.
 */
import { performance } from 'node:perf_hooks';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import { createPgClient } from '@dispo/events/sql/pg-client';
import { createEventStore } from '@dispo/events/store/create-event-store';
import { reservedEvent } from './append-throughput';
import { EMMETT_MODULE, type WorkerResult, type WorkerTask } from './append-processes';
import { nodeCpuMs } from './cost';
import { sleep } from './stats';

/** Appends one event after `version` (0: the stream is new). */
type Append = (streamId: string, version: number) => Promise<void>;

interface EmmettStore {
  appendToStream(
    streamName: string,
    events: { type: string; data: unknown }[],
    options: { expectedStreamVersion: bigint },
  ): Promise<unknown>;
  close(): Promise<void>;
}

async function appender(task: WorkerTask): Promise<{ append: Append; close(): Promise<void> }> {
  if (task.engine === 'emmett') {
    const emmett = (await import(EMMETT_MODULE)) as { getPostgreSQLEventStore(url: string, options: unknown): EmmettStore };
    const store = emmett.getPostgreSQLEventStore(task.url, { schema: { autoMigration: 'None' } });
    return {
      append: async (streamId, version) => {
        const { data, type } = reservedEvent(streamId, version + 1);
        await store.appendToStream(streamId, [{ type, data }], { expectedStreamVersion: BigInt(version) });
      },
      close: () => store.close(),
    };
  }
  // As a command-service process runs it (runtime/src/infrastructure.ts): a pool of 20, group commit.
  const sql = createPgClient(task.url, { max: 20 });
  const store = await createEventStore({ sql, registry: new EventRegistry(allEventDefinitions) });
  return {
    append: async (streamId, version) => {
      await store.append(streamId, version === 0 ? 'no_stream' : version, [reservedEvent(streamId, version + 1)]);
    },
    close: async () => {
      await store.close();
      await sql.close();
    },
  };
}

async function run(task: WorkerTask): Promise<WorkerResult> {
  const { append, close } = await appender(task);
  // Warm-up on streams of its own (JIT, pool, catalogue caches); they are not counted.
  for (let i = 0; i < 50; i++) await append(`bench-warmup-${task.firstWriter}`, i);
  await sleep(Math.max(0, task.startAt - Date.now()));
  const startedAt = Date.now();
  const cpuBefore = nodeCpuMs();
  const end = performance.now() + task.seconds * 1000;
  const versions = new Map<number, number>();
  const latencies: number[] = [];
  const writer = async (w: number) => {
    while (performance.now() < end) {
      for (let s = w; s < task.streams && performance.now() < end; s += task.totalWriters) {
        const version = versions.get(s) ?? 0;
        const t = performance.now();
        await append(`bench-stream-${s}`, version);
        latencies.push(performance.now() - t);
        versions.set(s, version + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: task.writers }, (_, i) => writer(task.firstWriter + i)));
  const endedAt = Date.now();
  const nodeCpu = nodeCpuMs() - cpuBefore;
  await close();
  return { events: latencies.length, latencies, startedAt, endedAt, nodeCpuMs: nodeCpu };
}

const task = JSON.parse(process.argv[2] ?? '') as WorkerTask;
const result = await run(task);
// Exit once the line is written: stdout to a pipe is asynchronous, and a long line cut short by exit
// is not JSON any more.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));

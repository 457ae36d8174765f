import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { orderBodySchema, orderInputFromBody } from '@dispo/command-service/orders/order-body';
import { orderCommands } from '@dispo/command-service/orders/order-commands';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import type { Notice } from '@dispo/platform/bus/notice-bus';
import { demoId } from '@dispo/runtime/seed';
import { demoOrderBody } from '@dispo/runtime/testing/demo-order';
import { type Cost, costBetween } from './cost';
import { renderWaits, WaitSampler } from './pg-waits';
import { startBenchApp } from './runtime-app';
import { type Percentiles, percentiles, sleep } from './stats';

/** Orders polled in read.orders at the same time, at most. */
const MAX_POLLERS = 2;

export interface LagPhase {
  rate: number;
  seconds: number;
}

export interface LagOptions {
  kind: 'postgres' | 'pglite';
  /** Run one after another on the same app and database. */
  phases: LagPhase[];
  /** Every n-th order is also polled in read.orders (0: none). */
  pollEvery?: number;
  /** Commands in flight above which the next ones are skipped (the system is saturated); keeps the run bounded. */
  maxInFlight?: number;
  waits?: boolean;
}

export interface LagFigures {
  /** Target rate of the phase (commands per second). */
  target: number;
  sent: number;
  /** Not started because `maxInFlight` commands were still running. */
  skipped: number;
  failed: number;
  /** Orders whose notice never arrived within 5 s after the last command. */
  missing: number;
  /** Achieved command rate (started per second). */
  rate: number;
  /** Commit of the append → the runner's `dispo.orders.new_order` notice received (row committed in read.orders). */
  notice: Percentiles;
  /** Commit of the append → `SELECT … FROM read.orders WHERE id = $1` finds the row (polled every ~1 ms, a sample). */
  poll: Percentiles;
  /** The command itself: load, decide, append (without read-your-writes). */
  command: Percentiles;
  firstError: string | null;
  /** The whole process (commands, runner, bus, polling) and its database during the phase. */
  cost: Cost;
  waits: string[];
}

/**
 * Fires real order creations through the command handlers (`orderCommands().createOrder`, what
 * POST /api/orders runs) at a steady rate, open loop, and measures for each order the time from its
 * append's commit (the moment `appendMany` resolves) to the projection runner's notice, which the
 * runner publishes after the batch with the order's row has committed. A sample of orders is also
 * polled in read.orders, to check the notice against what a reader sees.
 */
export async function benchLag(options: LagOptions): Promise<{ version: string; bus: string; phases: LagFigures[] }> {
  const app = await startBenchApp(options.kind);
  try {
    const { infra } = app;
    const committedAt = new Map<string, number>();
    const noticedAt = new Map<string, number>();
    const unsubscribe = await infra.bus.subscribe('dispo.orders.new_order', (notice: Notice) => {
      const t = performance.now();
      const id = (notice.payload as { order?: { id?: string } }).order?.id;
      if (id && !noticedAt.has(id)) noticedAt.set(id, t);
    });
    const commands = orderCommands({ store: commitTimed(infra.store, committedAt), registry: infra.registry });
    const details = orderInputFromBody(orderBodySchema.parse(demoOrderBody()));
    const meta = { userId: demoId('user', 'dispo'), commandName: 'CreateOrder' };

    let polled: number[] = [];
    let commandTimes: number[] = [];
    let failed = 0;
    let firstError: string | null = null;

    const pollRow = async (orderId: string) => {
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline) {
        const { rows } = await infra.sql.query('SELECT 1 FROM read.orders WHERE id = $1', [orderId]);
        if (rows.length > 0) {
          polled.push(performance.now() - committedAt.get(orderId)!);
          return;
        }
        await sleep(1);
      }
    };
    // At most MAX_POLLERS orders are polled at once: a poller queries every millisecond, and once the
    // runner lags, unbounded pollers (one per tenth order, for up to 5 s each) took the pool from the
    // runner and the commands and made the lag they measured.
    let polling = 0;
    const create = async (i: number) => {
      const orderId = randomUUID();
      const t = performance.now();
      try {
        await commands.createOrder(orderId, details, meta);
        commandTimes.push(performance.now() - t);
        if (options.pollEvery && i % options.pollEvery === 0 && polling < MAX_POLLERS) {
          polling++;
          await pollRow(orderId).finally(() => polling--);
        }
      } catch (error) {
        failed++;
        firstError ??= String(error);
      }
      return orderId;
    };

    // Warm-up, outside the figures.
    await Promise.all(Array.from({ length: 50 }, (_, i) => create(i)));
    await sleep(200);

    const phases: LagFigures[] = [];
    for (const phase of options.phases) {
      committedAt.clear();
      noticedAt.clear();
      polled = [];
      commandTimes = [];
      failed = 0;
      firstError = null;
      const sampler = options.waits && infra.sql.kind === 'postgres' ? new WaitSampler(process.env.DATABASE_URL!, app.database) : null;
      sampler?.start();
      const before = await app.snapshot();

      const total = Math.round(phase.rate * phase.seconds);
      const interval = 1000 / phase.rate;
      const maxInFlight = options.maxInFlight ?? Number.POSITIVE_INFINITY;
      const started: Promise<string>[] = [];
      let running = 0;
      let skipped = 0;
      const start = performance.now();
      for (let i = 0; i < total; i++) {
        const wait = start + i * interval - performance.now();
        if (wait >= 1) await sleep(wait);
        if (running >= maxInFlight) {
          skipped++;
          continue;
        }
        running++;
        started.push(create(i).finally(() => running--));
      }
      const startedRate = started.length / ((performance.now() - start) / 1000);
      const ids = await Promise.all(started);
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline && ids.some((id) => committedAt.has(id) && !noticedAt.has(id))) await sleep(10);

      const cost = costBetween(before, await app.snapshot());
      const waits = sampler ? [renderWaits(`projection lag @ ${phase.rate}/s`, await sampler.stop())] : [];
      const lags: number[] = [];
      let missing = 0;
      for (const id of ids) {
        const committed = committedAt.get(id);
        if (committed === undefined) continue;
        const noticed = noticedAt.get(id);
        if (noticed === undefined) missing++;
        else lags.push(noticed - committed);
      }
      phases.push({
        target: phase.rate,
        sent: started.length,
        skipped,
        failed,
        missing,
        rate: startedRate,
        notice: percentiles(lags),
        poll: percentiles(polled),
        command: percentiles(commandTimes),
        firstError,
        cost,
        waits,
      });
      await sleep(500);
    }
    await unsubscribe();
    return { version: app.version, bus: infra.bus.kind, phases };
  } finally {
    await app.close();
  }
}

/** The store as the command handlers see it, noting when each order's append has committed. */
function commitTimed(store: EventStore, committedAt: Map<string, number>): EventStore {
  const orderPrefix = streamIds.order('');
  const note = (ids: readonly string[]) => {
    const t = performance.now();
    for (const id of ids) if (id.startsWith(orderPrefix)) committedAt.set(id.slice(orderPrefix.length), t);
  };
  return {
    append: async (streamId, expectedVersion, events) => {
      const result = await store.append(streamId, expectedVersion, events);
      note([streamId]);
      return result;
    },
    appendMany: async (writes) => {
      const result = await store.appendMany(writes);
      note(writes.map((w) => w.streamId));
      return result;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (after, options) => store.readAll(after, options),
    subscribe: (onAppend) => store.subscribe(onAppend),
    close: () => store.close(),
  };
}

import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import type { Logger } from 'pino';
import { openOperations } from './optimization-views';

export interface OptimizationWorkerOptions {
  sql: SqlExecutor;
  /** Wakes on `dispo.optimization.optimization_requested`; without a bus it only polls. */
  bus?: NoticeBus;
  /**
   * Claims and solves one operation; wired to `optimizationCommands(…).run(id, workerId)`. The claim
   * is an event appended at the operation stream's expected version: of several workers (or
   * instances) exactly one runs it; a claim whose worker died is taken over after the lease.
   */
  run(operationId: string, workerId: string, signal: AbortSignal): Promise<boolean>;
  /** How long a claim holds (the commands' lease); an older in_progress operation is tried again. */
  leaseMs: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Safety net besides the notices, and how soon a dead worker's claim is looked at again. Default 5 s. */
  pollIntervalMs?: number;
  now?: () => Date;
  workerId?: string;
}

export interface OptimizationWorker {
  readonly workerId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs what can be claimed now; answers how many operations this worker ran. */
  drain(): Promise<number>;
}

/**
 * The route optimization worker (ARCHITECTURE.md "Workers"): picks up requested operations, and
 * operations whose worker died mid-way (a restart after a crash finds them in_progress with an old
 * claim), and runs each through the commands, which record the outcome as events.
 */
export function createOptimizationWorker(options: OptimizationWorkerOptions): OptimizationWorker {
  const workerId = options.workerId ?? `optimizer-${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const now = options.now ?? (() => new Date());
  let stopped = true;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  // stop() aborts the solve in hand: its thread is terminated, the claim lapses and is taken over after a restart.
  const abort = new AbortController();

  async function drainOnce(): Promise<number> {
    let ran = 0;
    for (const op of await openOperations(options.sql)) {
      if (closed) break;
      const stale = op.status === 'in_progress' && op.startedAt !== null && now().getTime() - Date.parse(op.startedAt) >= options.leaseMs;
      if (op.status !== 'pending' && !stale) continue;
      try {
        if (await options.run(op.operationId, workerId, abort.signal)) ran++;
      } catch (err) {
        if (closed) break;
        options.logger?.error({ err, operationId: op.operationId }, 'Routenoptimierung fehlgeschlagen');
      }
    }
    return ran;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function wake(): void {
    drain().catch((err: unknown) => options.logger?.warn({ err }, 'Optimierungsaufträge konnten nicht gelesen werden'));
  }

  function schedulePoll(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      wake();
      schedulePoll();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    workerId,
    drain,
    async start() {
      stopped = false;
      if (options.bus) unsubscribe = await options.bus.subscribe('dispo.optimization.optimization_requested', wake);
      schedulePoll();
      wake();
    },
    async stop() {
      stopped = true;
      closed = true;
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await unsubscribe?.();
      unsubscribe = null;
      await running?.catch(() => undefined);
    },
  };
}

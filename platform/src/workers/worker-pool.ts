import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Why a job did not answer: the pool's own reasons, besides the job's error (`failed`). */
export type WorkerJobFailure = 'timeout' | 'aborted' | 'crashed' | 'queue_full' | 'closed' | 'failed';

export class WorkerJobError extends Error {
  constructor(
    readonly reason: WorkerJobFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

export interface WorkerPoolOptions {
  /**
   * The job module (a .ts or .js file that calls `serveWorkerJobs`). TypeScript modules are loaded
   * through tsx (ts-worker.mjs), so the same file runs under vitest, `tsx` and the docker entry points.
   */
  script: URL;
  /** Threads at most; default the cores less one for the event loop, at least one. */
  size?: number;
  /** Jobs waiting for a thread at most; one more is refused (`queue_full`). Default 100. */
  maxQueue?: number;
  /** Default hard limit of a job's wall time (ms): the thread is terminated and the job rejected. */
  timeoutMs: number;
  /** Nice value of the threads (Linux: per thread): the event loop wins the CPU from a solver. Default 10. */
  niceness?: number;
}

export interface WorkerJobOptions<P> {
  /** Aborted: a waiting job is dropped, a running one's thread terminated; the job rejects with `aborted`. */
  signal?: AbortSignal;
  /** Hard wall-time limit of this job (ms), instead of the pool's. */
  timeoutMs?: number;
  /**
   * Soft budget (ms) from when the thread takes the job (a new thread first loads its module): the
   * job sees `deadline` (epoch ms) and should answer its best by then.
   */
  budgetMs?: number;
  /** What the job reports while it runs (`progress(…)` in the worker). */
  onProgress?(progress: P): void;
}

export interface WorkerPoolStats {
  size: number;
  threads: number;
  busy: number;
  queued: number;
}

export interface WorkerPool<I, O, P = unknown> {
  run(input: I, options?: WorkerJobOptions<P>): Promise<O>;
  stats(): WorkerPoolStats;
  /** Rejects waiting jobs and terminates the threads (running jobs reject with `closed`). */
  close(): Promise<void>;
}

/** Messages between pool and thread (worker-jobs.ts answers them). */
export type ToWorker = { id: number; input: unknown; budgetMs: number | null };
export type FromWorker = { id: number; type: 'progress'; progress: unknown } | { id: number; type: 'result'; output: unknown } | { id: number; type: 'error'; message: string };

interface Job {
  id: number;
  input: unknown;
  options: WorkerJobOptions<unknown>;
  resolve(output: unknown): void;
  reject(error: WorkerJobError): void;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const BOOTSTRAP = new URL('./ts-worker.mjs', import.meta.url);

export const defaultPoolSize = () => Math.max(1, availableParallelism() - 1);

/**
 * A small pool of worker threads for CPU-heavy jobs (route optimization, later the day planner):
 * nothing CPU-bound runs on the event loop. Threads start when a job needs one and stay for the next
 * (an idle thread does not hold the process open). A job that runs too long or is aborted has its thread
 * terminated, the only way to stop synchronous code; a thread that crashes rejects its job alone,
 * and the next job gets a fresh thread.
 */
export function createWorkerPool<I, O, P = unknown>(options: WorkerPoolOptions): WorkerPool<I, O, P> {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const maxQueue = options.maxQueue ?? 100;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, { workerData: { script: options.script.href, niceness: options.niceness ?? 10 } });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (message: FromWorker) => {
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (message.type === 'progress') {
        job.options.onProgress?.(message.progress);
        return;
      }
      finish(slot);
      if (message.type === 'result') job.resolve(message.output);
      else job.reject(new WorkerJobError('failed', message.message));
      dispatch();
    });
    worker.on('error', (error) => retire(slot, new WorkerJobError('crashed', error.message)));
    worker.on('exit', (code) => retire(slot, new WorkerJobError('crashed', `Worker-Thread beendet (Code ${code})`)));
    slots.push(slot);
    return slot;
  }

  /** The slot's job is over: its timer and abort listener go. */
  function finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    if (job?.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort);
    slot.job = null;
    slot.worker.unref();
  }

  /** The thread is gone or is being terminated: its job (if any) rejects, the slot is freed for a fresh thread. */
  function retire(slot: Slot, error: WorkerJobError): void {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    const job = slot.job;
    finish(slot);
    job?.reject(error);
    void slot.worker.terminate();
    dispatch();
  }

  function start(slot: Slot, job: Job): void {
    slot.job = job;
    // A running job keeps the process alive; an idle thread does not.
    slot.worker.ref();
    const timeoutMs = job.options.timeoutMs ?? options.timeoutMs;
    slot.timer = setTimeout(() => retire(slot, new WorkerJobError('timeout', `Zeitlimit von ${timeoutMs} ms überschritten`)), timeoutMs);
    slot.timer.unref();
    job.onAbort = () => retire(slot, new WorkerJobError('aborted', 'abgebrochen'));
    job.options.signal?.addEventListener('abort', job.onAbort, { once: true });
    slot.worker.postMessage({ id: job.id, input: job.input, budgetMs: job.options.budgetMs ?? null } satisfies ToWorker);
  }

  function dispatch(): void {
    if (closed) return;
    while (queue.length > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      const job = queue.shift()!;
      if (job.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort);
      start(slot, job);
    }
  }

  return {
    run(input, jobOptions = {}) {
      return new Promise<O>((resolve, reject) => {
        if (closed) return reject(new WorkerJobError('closed', 'Der Worker-Pool ist geschlossen'));
        if (jobOptions.signal?.aborted) return reject(new WorkerJobError('aborted', 'abgebrochen'));
        if (queue.length >= maxQueue) return reject(new WorkerJobError('queue_full', `Mehr als ${maxQueue} Aufträge warten`));
        const job: Job = { id: nextId++, input, options: jobOptions as WorkerJobOptions<unknown>, resolve: resolve as (o: unknown) => void, reject };
        // While waiting, an abort just drops the job.
        job.onAbort = () => {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          reject(new WorkerJobError('aborted', 'abgebrochen'));
        };
        jobOptions.signal?.addEventListener('abort', job.onAbort, { once: true });
        queue.push(job);
        dispatch();
      });
    },
    stats: () => ({ size, threads: slots.length, busy: slots.filter((s) => s.job).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new WorkerJobError('closed', 'Der Worker-Pool ist geschlossen'));
      await Promise.all([...slots].map(async (slot) => {
        const worker = slot.worker;
        retire(slot, new WorkerJobError('closed', 'Der Worker-Pool ist geschlossen'));
        await worker.terminate();
      }));
    },
  };
}

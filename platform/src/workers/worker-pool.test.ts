import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool, WorkerJobError } from './worker-pool';
import type { SampleJob } from './testing/sample-jobs';

const script = new URL('./testing/sample-jobs.ts', import.meta.url);
type Output = { value: number; threadId: number };

describe('worker pool', () => {
  let pool: WorkerPool<SampleJob, Output, number> | null = null;
  const make = (options: { size?: number; timeoutMs?: number; maxQueue?: number } = {}) =>
    (pool = createWorkerPool<SampleJob, Output, number>({ script, size: options.size ?? 1, timeoutMs: options.timeoutMs ?? 20_000, maxQueue: options.maxQueue }));
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WorkerJobError);
    return (error as WorkerJobError).reason;
  };

  it('runs a TypeScript job module in a thread, not on the event loop', async () => {
    const p = make();
    const { threadId } = await import('node:worker_threads');
    const out = await p.run({ kind: 'echo', value: 21 });
    expect(out.value).toBe(42);
    expect(out.threadId).not.toBe(threadId);
  });

  it('a spinning job stops at its budget and answers; the event loop stays free meanwhile', async () => {
    const p = make();
    const progress: number[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const out = await p.run({ kind: 'spin' }, { budgetMs: 600, onProgress: (n) => progress.push(n) });
    clearInterval(timer);
    expect(out.value).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
    // The loop ran its timers while the thread spun (a blocked loop would tick at most once).
    expect(ticks).toBeGreaterThan(5);
  });

  it('a job past its hard timeout is terminated and rejects; the pool runs the next job in a fresh thread', async () => {
    const p = make({ timeoutMs: 300 });
    // The first job loads the thread (tsx compiles the module): it gets more time.
    const first = await p.run({ kind: 'echo', value: 1 }, { timeoutMs: 20_000 });
    expect(await failure(p.run({ kind: 'spin' }))).toBe('timeout');
    const next = await p.run({ kind: 'echo', value: 2 }, { timeoutMs: 20_000 });
    expect(next.value).toBe(4);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('an aborted job is terminated, a waiting aborted job is dropped', async () => {
    const p = make();
    const running = new AbortController();
    const waiting = new AbortController();
    const a = p.run({ kind: 'spin' }, { signal: running.signal });
    const b = p.run({ kind: 'echo', value: 3 }, { signal: waiting.signal });
    const c = p.run({ kind: 'echo', value: 5 });
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2 });
    waiting.abort();
    expect(await failure(b)).toBe('aborted');
    await new Promise((r) => setTimeout(r, 100));
    running.abort();
    expect(await failure(a)).toBe('aborted');
    expect((await c).value).toBe(10);
  });

  it('a failing job rejects and a crashing thread rejects its job alone; the pool lives on', async () => {
    const p = make({ size: 2 });
    expect(await failure(p.run({ kind: 'fail' }))).toBe('failed');
    const [crashed, fine] = await Promise.allSettled([p.run({ kind: 'crash' }), p.run({ kind: 'echo', value: 7 })]);
    expect(crashed.status).toBe('rejected');
    expect((crashed as PromiseRejectedResult).reason).toMatchObject({ reason: 'crashed' });
    expect(fine).toMatchObject({ status: 'fulfilled', value: { value: 14 } });
    expect((await p.run({ kind: 'echo', value: 8 })).value).toBe(16);
  });

  it('bounds its queue and refuses after close', async () => {
    const p = make({ maxQueue: 1 });
    const stop = new AbortController();
    const running = p.run({ kind: 'spin' }, { signal: stop.signal });
    const queued = p.run({ kind: 'echo', value: 1 });
    expect(await failure(p.run({ kind: 'echo', value: 2 }))).toBe('queue_full');
    stop.abort();
    await failure(running);
    expect((await queued).value).toBe(2);
    await p.close();
    expect(await failure(p.run({ kind: 'echo', value: 1 }))).toBe('closed');
  });
});

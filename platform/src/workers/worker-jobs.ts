import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-pool';

export interface WorkerJobContext<P> {
  /** Epoch ms by which the job should answer its best (the pool's budget); null: no budget. */
  deadline: number | null;
  progress(progress: P): void;
}

/**
 * The thread's side of worker-pool.ts: answers each job with `handle`'s result, or with its error
 * message (the job rejects, the thread stays). Called once at the top of a job module.
 */
export function serveWorkerJobs<I, O, P = unknown>(handle: (input: I, context: WorkerJobContext<P>) => O | Promise<O>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs läuft nur in einem Worker-Thread');
  port.on('message', async ({ id, input, budgetMs }: ToWorker) => {
    const deadline = budgetMs === null ? null : Date.now() + budgetMs;
    const send = (message: FromWorker) => port.postMessage(message);
    try {
      const output = await handle(input as I, { deadline, progress: (progress) => send({ id, type: 'progress', progress }) });
      send({ id, type: 'result', output });
    } catch (error) {
      send({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
}

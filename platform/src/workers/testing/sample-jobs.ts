import { threadId } from 'node:worker_threads';
import { serveWorkerJobs } from '../worker-jobs';

/** Jobs of the pool's own test: each shows one way a job ends. */
export type SampleJob =
  | { kind: 'echo'; value: number }
  /** Busy until the budget's deadline (or for ever), reporting progress; answers how often it looped. */
  | { kind: 'spin' }
  /** An error thrown by the job: the job rejects, the thread stays. */
  | { kind: 'fail' }
  /** The thread dies (an uncaught error outside the job). */
  | { kind: 'crash' };

serveWorkerJobs<SampleJob, { value: number; threadId: number }, number>((job, { deadline, progress }) => {
  switch (job.kind) {
    case 'echo':
      return { value: job.value * 2, threadId };
    case 'spin': {
      let loops = 0;
      while (deadline === null || Date.now() < deadline) {
        loops++;
        if (loops % 100_000 === 0) progress(loops);
      }
      return { value: loops, threadId };
    }
    case 'fail':
      throw new Error('Auftrag fehlgeschlagen');
    case 'crash':
      setImmediate(() => {
        throw new Error('Thread abgestürzt');
      });
      return new Promise(() => undefined);
  }
});

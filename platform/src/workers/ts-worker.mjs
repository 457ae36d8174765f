// Bootstrap of every pool thread (worker-pool.ts): lowers the thread's priority, then loads the job
// module. TypeScript job modules load through tsx's scoped loader, so the same file runs under vitest
// (which does not put tsx into the thread), under `tsx` (npm start, the docker entry points) and
// compiled to JavaScript.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

try {
  // Linux: the nice value is per thread and 0 names the calling one; the event loop keeps the CPU.
  if (workerData.niceness) setPriority(0, workerData.niceness);
} catch {
  // Not allowed or not supported: the thread runs at the process's priority.
}

const script = workerData.script;
if (/\.[cm]?ts$/.test(script)) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(script, import.meta.url);
} else {
  await import(script);
}

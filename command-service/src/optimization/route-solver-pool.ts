import { type RouteProblem, type SolvedRoute, solveRoute } from '@dispo/domain/optimization/index';
import { createWorkerPool, type WorkerPoolStats } from '@dispo/platform/workers/worker-pool';

export interface SolveProgress {
  done: number;
  total: number;
}

/** Solves a tour off the event loop; rejects with a WorkerJobError when its thread is stopped. */
export type RouteSolver = (
  problem: RouteProblem,
  current: readonly number[] | undefined,
  options?: { signal?: AbortSignal; onProgress?(progress: SolveProgress): void },
) => Promise<SolvedRoute>;

/**
 * What a solve may take: the search answers its best after the budget (a 40-stop tour needs well
 * under a second, so the budget only bites on a slow or overloaded machine); the hard limit
 * terminates a thread that does not answer (it also covers the first job's module loading). Both
 * stay far below the operation's lease (60 s), so a live worker's claim is never taken over.
 */
export const ROUTE_SOLVE_BUDGET_MS = 5_000;
export const ROUTE_SOLVE_TIMEOUT_MS = 30_000;

export interface RouteSolverPool {
  solve: RouteSolver;
  stats(): WorkerPoolStats;
  close(): Promise<void>;
}

/** The route solver on a worker pool (platform/src/workers; ADR 0020), one per process that runs the optimization worker. */
export function createRouteSolverPool(options: { size?: number; budgetMs?: number; timeoutMs?: number; maxQueue?: number } = {}): RouteSolverPool {
  const pool = createWorkerPool<{ problem: RouteProblem; current?: number[] }, SolvedRoute, SolveProgress>({
    script: new URL('./route-solver.job.ts', import.meta.url),
    size: options.size,
    maxQueue: options.maxQueue,
    timeoutMs: options.timeoutMs ?? ROUTE_SOLVE_TIMEOUT_MS,
  });
  const budgetMs = options.budgetMs ?? ROUTE_SOLVE_BUDGET_MS;
  return {
    solve: (problem, current, jobOptions = {}) =>
      pool.run({ problem, current: current ? [...current] : undefined }, { budgetMs, signal: jobOptions.signal, onProgress: jobOptions.onProgress }),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/**
 * In the calling thread: only for the demo seed, whose optimized past tours have two loads and are
 * solved before the service answers any request. Everything that serves requests uses the pool.
 */
export const solveInThisThread: RouteSolver = async (problem, current) => solveRoute(problem, current, { deadline: Date.now() + ROUTE_SOLVE_BUDGET_MS });

/**
 * The route solver's thread (route-solver-pool.ts): solves one tour per job within the budget the
 * pool passes as its deadline, and reports its local searches as progress.
 */
import { serveWorkerJobs } from '@dispo/platform/workers/worker-jobs';
import { type RouteProblem, type SolvedRoute, solveRoute } from '@dispo/domain/optimization/index';
import type { SolveProgress } from './route-solver-pool';

serveWorkerJobs<{ problem: RouteProblem; current?: number[] }, SolvedRoute, SolveProgress>(({ problem, current }, { deadline, progress }) =>
  solveRoute(problem, current, { deadline, onProgress: (done, total) => progress({ done, total }) }),
);

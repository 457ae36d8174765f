/**
 * npm run bench:optimize [-- --instances=100]
 *
 * The route optimizer (domain/src/optimization) on one core, on random tours between the demo
 * catalogue's plants (deterministic seeds, windows around a random drive order, so most instances
 * have an in-time route): the exact solver for 10 and 12 orders (targets: under 100 ms and under 1 s),
 * the heuristic for 40 orders (target: under 200 ms), and the heuristic's gap to the exact optimum on
 * 100 instances of 12 orders where both meet every window (target: within 5 %). Times are the
 * process's CPU time per solve. A benchmark reports; it exits 0 whatever the figures.
 */
import { randomRouteProblem } from '@dispo/domain/optimization/random-instances';
import { heuristicRoute, solveRoute } from '@dispo/domain/optimization/route-solver';
import { loadDemoCatalog } from '../runtime/src/demo-catalog';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const INSTANCES = Number(arg('instances', '100'));
const plants = loadDemoCatalog().plants.map((p) => ({ lat: p.lat, lng: p.lng }));

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = cpuMs();
  const value = run();
  return { value, ms: cpuMs() - start };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const fmt = (x: number) => x.toFixed(1);

function bench(label: string, n: number, solve: (p: ReturnType<typeof randomRouteProblem>) => unknown, tightness = 0.5, count = INSTANCES) {
  // Warm-up: the JIT compiles the solver before it is measured.
  for (let i = 0; i < 3; i++) solve(randomRouteProblem(9000 + i, n, plants, tightness));
  const times: number[] = [];
  for (let seed = 1; seed <= count; seed++) times.push(timed(() => solve(randomRouteProblem(seed * 7919 + n, n, plants, tightness))).ms);
  console.log(`${label.padEnd(34)} median ${fmt(quantile(times, 0.5)).padStart(7)} ms   p95 ${fmt(quantile(times, 0.95)).padStart(7)} ms   max ${fmt(Math.max(...times)).padStart(7)} ms`);
}

console.log(`Route optimizer, ${INSTANCES} random tours each between the ${plants.length} demo plants (CPU time per solve)\n`);
bench('exact, 10 orders', 10, (p) => solveRoute(p));
bench('exact, 12 orders', 12, (p) => solveRoute(p));
bench('exact, 12 orders, no windows', 12, (p) => solveRoute(p), 0);
bench('heuristic, 40 orders', 40, (p) => heuristicRoute(p));
bench('heuristic, 40 orders, no windows', 40, (p) => heuristicRoute(p), 0);

const gaps: number[] = [];
let bothFeasible = 0;
let heuristicMissed = 0;
for (let seed = 1; seed <= INSTANCES; seed++) {
  const problem = randomRouteProblem(seed * 104729, 12, plants, 0.5);
  const exact = solveRoute(problem);
  const heuristic = heuristicRoute(problem);
  if (!exact.feasible) continue;
  if (!heuristic.feasible) {
    heuristicMissed++;
    continue;
  }
  bothFeasible++;
  gaps.push(exact.emptyKm === 0 ? 0 : ((heuristic.emptyKm - exact.emptyKm) / exact.emptyKm) * 100);
}
const mean = gaps.reduce((a, b) => a + b, 0) / Math.max(1, gaps.length);
console.log(
  `\nheuristic vs exact, 12 orders: ${bothFeasible} instances both in time, gap mean ${mean.toFixed(2)} %, median ${quantile(gaps, 0.5).toFixed(2)} %, ` +
    `p95 ${quantile(gaps, 0.95).toFixed(2)} %, max ${Math.max(...gaps).toFixed(2)} %, optimum hit ${gaps.filter((g) => g < 1e-9).length}; ` +
    `heuristic found no in-time route where one exists: ${heuristicMissed}`,
);

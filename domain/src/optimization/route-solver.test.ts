import { describe, expect, it } from 'vitest';
import { randomRouteProblem } from './random-instances';
import { compareRoutes, deliveryWindow, evaluateRoute, type RouteProblem } from './route-problem';
import { heuristicRoute, solveRoute } from './route-solver';

/** Plants of the demo catalogue's region (Schleswig-Holstein, Hamburg). */
const PLANTS = [
  { lat: 53.886, lng: 9.579 },
  { lat: 54.323, lng: 10.123 },
  { lat: 53.55, lng: 10.0 },
  { lat: 53.87, lng: 10.69 },
  { lat: 54.78, lng: 9.43 },
  { lat: 53.6, lng: 9.47 },
  { lat: 54.09, lng: 9.98 },
];

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/** The optimum by trying every order of the loads. */
function bruteForce(problem: RouteProblem) {
  let best: ReturnType<typeof evaluateRoute> | null = null;
  for (const p of permutations(problem.windows.length)) {
    const ev = evaluateRoute(problem, p);
    if (!best || compareRoutes(ev, best) < 0) best = ev;
  }
  return best!;
}

describe('route solver', () => {
  it('finds the same optimum as brute force on random instances with time windows', () => {
    let feasible = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const n = 2 + (seed % 6);
      const problem = randomRouteProblem(seed, n, PLANTS, (seed % 4) / 3);
      const brute = bruteForce(problem);
      const solved = solveRoute(problem);
      expect(solved.feasible, `seed ${seed}`).toBe(brute.feasible);
      if (brute.feasible) {
        feasible++;
        expect(solved.emptyKm, `seed ${seed}`).toBeCloseTo(brute.emptyKm, 6);
        expect(solved.endMinute, `seed ${seed}`).toBeCloseTo(brute.endMinute, 6);
        expect(solved.method).toBe('exact');
      }
      // The sequence is a permutation, and its evaluation is what it reports.
      expect([...solved.sequence].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
      expect(evaluateRoute(problem, solved.sequence).emptyKm).toBeCloseTo(solved.emptyKm, 9);
    }
    expect(feasible).toBeGreaterThan(100);
  });

  it('meets the windows even when that costs km, and waits for a window to open', () => {
    const zero = { km: 0, minutes: 0 };
    const far = { km: 50, minutes: 50 };
    // Two loads at the same plants; the second one is wanted early, so it goes first although the
    // route with it first drives 50 km more empty.
    const problem: RouteProblem = {
      startMinute: 360,
      handling: { loadingMinutes: 10, unloadingMinutes: 10 },
      fromStart: [zero, far],
      between: [
        [zero, zero],
        [zero, zero],
      ],
      loaded: [far, far],
      windows: [
        [0, 1440],
        [400, 480],
      ],
    };
    const solved = solveRoute(problem);
    expect(solved.sequence).toEqual([1, 0]);
    expect(solved.emptyKm).toBe(50);
    expect(solved.feasible).toBe(true);
    // A window that opens late: the truck waits, the arrival is the opening.
    const waiting = evaluateRoute({ ...problem, windows: [[600, 700], [0, 1440]] }, [0, 1]);
    expect(waiting.arrivals[0]).toBe(600);
  });

  it('reports infeasible windows instead of breaking them silently', () => {
    const leg = { km: 60, minutes: 60 };
    const problem: RouteProblem = {
      startMinute: 360,
      handling: { loadingMinutes: 20, unloadingMinutes: 20 },
      fromStart: [leg, leg],
      between: [
        [leg, leg],
        [leg, leg],
      ],
      loaded: [leg, leg],
      // Both wanted by 07:30; the first load arrives 08:20 at the earliest.
      windows: [
        [0, 450],
        [0, 450],
      ],
    };
    const solved = solveRoute(problem);
    expect(solved.feasible).toBe(false);
    expect(solved.lateness.every((l) => l > 0)).toBe(true);
    expect(solved.totalLateness).toBe(bruteForce(problem).totalLateness);
  });

  it('keeps 40 loads within a few percent of the optimum with the heuristic, and every load once', () => {
    const problem = randomRouteProblem(4242, 40, PLANTS, 0);
    const route = heuristicRoute(problem);
    expect([...route.sequence].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    for (let seed = 500; seed < 520; seed++) {
      const small = randomRouteProblem(seed, 8, PLANTS, 0.3);
      const exact = solveRoute(small);
      const heuristic = heuristicRoute(small);
      if (exact.feasible && heuristic.feasible) expect(heuristic.emptyKm).toBeLessThanOrEqual(exact.emptyKm * 1.2 + 1);
    }
  });

  it('reads delivery windows: fixed ± 30 minutes, a range as given, the whole day without a time', () => {
    expect(deliveryWindow({ type: 'fixed', fixed: '08:00' })).toEqual([450, 510]);
    expect(deliveryWindow({ type: 'range', from: '08:00', to: '10:30' })).toEqual([480, 630]);
    expect(deliveryWindow({ type: 'fixed', fixed: null })).toEqual([0, 1440]);
  });

  it('answers within its budget: past the deadline the longest tour gets its constructed route, and a cut exact search is not called exact', () => {
    const problem = randomRouteProblem(4242, 40, PLANTS, 0);
    const started = Date.now();
    const cut = solveRoute(problem, [...Array(40).keys()], { deadline: started });
    expect([...cut.sequence].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    expect(Date.now() - started).toBeLessThan(1000);
    const free = solveRoute(problem);
    // Cut short, never better than the full search.
    expect(compareRoutes(free, cut)).toBeLessThanOrEqual(0);
    const twelve = randomRouteProblem(77, 12, PLANTS, 0);
    expect(solveRoute(twelve).method).toBe('exact');
    expect(solveRoute(twelve, undefined, { deadline: Date.now() }).method).toBe('heuristic');
  });

  it('reports progress over its local searches', () => {
    const seen: [number, number][] = [];
    solveRoute(randomRouteProblem(5, 30, PLANTS, 0.5), [...Array(30).keys()], { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)![0]).toBe(seen.at(-1)![1]);
  });
});

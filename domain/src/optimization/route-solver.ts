import { compareRoutes, EPSILON, evaluateRoute, type RouteEvaluation, type RouteProblem, type RouteScore, scoreRoute } from './route-problem';

/** Up to this many orders the optimum is exact (dynamic programming over subsets); above, the heuristic. */
export const EXACT_MAX_ORDERS = 12;

export interface SolvedRoute extends RouteEvaluation {
  sequence: number[];
  method: 'exact' | 'heuristic';
}

/** How long a solve may take, and what it reports while it runs. */
export interface SolveOptions {
  /**
   * Epoch ms (Date.now()) after which the search stops improving and answers the best route found so
   * far; the exact search gives up (its answer is then the heuristic's). Unset: no budget.
   */
  deadline?: number | null;
  /** Local searches done of those planned (the heuristic's restarts, twice with a current route). */
  onProgress?(done: number, total: number): void;
}

/** Whether the budget is used up; the searches ask between moves (Date.now() is cheap enough there). */
const overBudget = (options: SolveOptions | undefined) => options?.deadline != null && Date.now() >= options.deadline;

/** The exact search ran out of budget before it was through. */
const OUT_OF_BUDGET = 'out_of_budget';

interface Label {
  km: number;
  time: number;
  last: number;
  parent: Label | null;
}

/**
 * Exact: dynamic programming over subsets of orders with Pareto labels (empty km, time free again)
 * per (set driven, last order). Waiting is allowed, so of two labels the one with fewer km and an
 * earlier time is never worse: keeping only non-dominated labels is exact. Labels with more km than a
 * known in-time route are dropped. Null when no order of the loads meets every window.
 */
function exact(problem: RouteProblem, bound: number, options?: SolveOptions): SolvedRoute | null | typeof OUT_OF_BUDGET {
  const n = problem.windows.length;
  const { loadingMinutes, unloadingMinutes } = problem.handling;
  const full = (1 << n) - 1;
  // labels[mask * n + last]
  const labels: (Label[] | undefined)[] = new Array((full + 1) * n);
  const extend = (from: Label | null, j: number, mask: number) => {
    const empty = from === null ? problem.fromStart[j]! : problem.between[from.last]![j]!;
    const km = (from?.km ?? 0) + empty.km;
    if (km > bound + EPSILON) return;
    const arrival = (from?.time ?? problem.startMinute) + empty.minutes + loadingMinutes + problem.loaded[j]!.minutes;
    const [open, close] = problem.windows[j]!;
    if (arrival > close + EPSILON) return;
    const time = Math.max(arrival, open) + unloadingMinutes;
    const key = mask * n + j;
    const list = labels[key] ?? (labels[key] = []);
    for (const other of list) if (other.km <= km + EPSILON && other.time <= time + EPSILON) return;
    const kept = list.filter((other) => !(km <= other.km + EPSILON && time <= other.time + EPSILON));
    kept.push({ km, time, last: j, parent: from });
    labels[key] = kept;
  };
  for (let j = 0; j < n; j++) extend(null, j, 1 << j);
  // Masks in increasing order: every subset is complete before its supersets extend it.
  for (let mask = 1; mask < full; mask++) {
    if ((mask & 63) === 0 && overBudget(options)) return OUT_OF_BUDGET;
    for (let last = 0; last < n; last++) {
      const list = labels[mask * n + last];
      if (!list) continue;
      for (const label of list) {
        for (let j = 0; j < n; j++) if (!(mask & (1 << j))) extend(label, j, mask | (1 << j));
      }
    }
  }
  let best: Label | null = null;
  for (let last = 0; last < n; last++) {
    for (const label of labels[full * n + last] ?? []) {
      if (!best || label.km < best.km - EPSILON || (Math.abs(label.km - best.km) <= EPSILON && label.time < best.time - EPSILON)) best = label;
    }
  }
  if (!best) return null;
  const sequence: number[] = [];
  for (let l: Label | null = best; l; l = l.parent) sequence.unshift(l.last);
  return { ...evaluateRoute(problem, sequence), sequence, method: 'exact' };
}

/**
 * Local search of the heuristic: from `start`, or else the loads by latest delivery time each
 * inserted where it costs least (in time before late, then km); then passes of or-opt (move one
 * load, or a run of two or three, elsewhere), swap (two loads trade places) and 2-opt (reverse a
 * stretch), taking every improving move at once, until a whole pass improves nothing.
 */
function localSearch(problem: RouteProblem, start: readonly number[] | undefined, options: SolveOptions | undefined): SolvedRoute {
  const n = problem.windows.length;
  let route: number[] = [];
  if (start) route = [...start];
  else {
    const byDeadline = [...Array(n).keys()].sort((a, b) => problem.windows[a]![1] - problem.windows[b]![1] || a - b);
    for (const j of byDeadline) {
      let bestRoute: number[] | null = null;
      let bestScore: RouteScore | null = null;
      for (let p = 0; p <= route.length; p++) {
        const candidate = [...route.slice(0, p), j, ...route.slice(p)];
        const score = scoreRoute(problem, candidate);
        if (!bestScore || compareRoutes(score, bestScore) < 0) {
          bestScore = score;
          bestRoute = candidate;
        }
      }
      route = bestRoute!;
    }
  }
  let current = scoreRoute(problem, route);
  const candidate = new Array<number>(route.length);
  const tryCandidate = (): boolean => {
    const score = scoreRoute(problem, candidate);
    if (compareRoutes(score, current) >= 0) return false;
    route = [...candidate];
    current = score;
    return true;
  };
  let improved = true;
  // Out of budget: the route as improved so far (every accepted move made it better).
  while (improved && !overBudget(options)) {
    improved = false;
    // or-opt: a run of 1 to 3 loads moved to another place.
    for (let len = 1; len <= 3; len++) {
      for (let i = 0; i + len <= route.length; i++) {
        if (overBudget(options)) break;
        for (let p = 0; p <= route.length - len; p++) {
          if (p === i) continue;
          // candidate = rest with the run inserted at p (rest = route without route[i, i+len)).
          let c = 0;
          for (let k = 0, r = 0; r <= route.length - len; r++) {
            if (r === p) for (let q = 0; q < len; q++) candidate[c++] = route[i + q]!;
            if (r === route.length - len) break;
            if (k === i) k += len;
            candidate[c++] = route[k++]!;
          }
          if (tryCandidate()) improved = true;
        }
      }
    }
    // swap: two loads trade places.
    for (let i = 0; i < route.length - 1 && !overBudget(options); i++) {
      for (let k = i + 1; k < route.length; k++) {
        for (let q = 0; q < route.length; q++) candidate[q] = route[q]!;
        candidate[i] = route[k]!;
        candidate[k] = route[i]!;
        if (tryCandidate()) improved = true;
      }
    }
    // 2-opt: a stretch driven the other way round.
    for (let i = 0; i < route.length - 1 && !overBudget(options); i++) {
      for (let k = i + 1; k < route.length; k++) {
        for (let q = 0; q < route.length; q++) candidate[q] = q < i || q > k ? route[q]! : route[k - (q - i)]!;
        if (tryCandidate()) improved = true;
      }
    }
  }
  return { ...evaluateRoute(problem, route), sequence: route, method: 'heuristic' };
}

/** Shuffled starts besides insertion and nearest load (a fixed seed: the same answer on every run); fewer for long tours, to stay fast. */
const restartsFor = (n: number) => (n > 24 ? 1 : 6);

/** Local searches of one heuristicRoute: the first, from the nearest load, and the shuffled restarts. */
const searchesFor = (n: number) => 2 + restartsFor(n);

/**
 * The heuristic with restarts: the local search from the deadline insertion (or the given route),
 * from the nearest load each time, and from a few shuffled orders (restartsFor); the best wins. With
 * a deadline it answers the best found when the budget is used up (at least the first search's
 * construction, which is O(n³) and fast even for the longest tour).
 */
export function heuristicRoute(problem: RouteProblem, start?: readonly number[], options?: SolveOptions, progress?: (done: number) => void): SolvedRoute {
  const n = problem.windows.length;
  let best = localSearch(problem, start, options);
  progress?.(1);
  const consider = (route: SolvedRoute) => {
    if (compareRoutes(route, best) < 0) best = route;
  };
  // Nearest load next: the shortest empty run from where the truck is.
  const nearest: number[] = [];
  const left = new Set(problem.windows.keys());
  while (left.size > 0) {
    const from = nearest.at(-1);
    let pick = -1;
    for (const j of left) {
      const km = from === undefined ? problem.fromStart[j]!.km : problem.between[from]![j]!.km;
      const bestKm = pick < 0 ? Infinity : from === undefined ? problem.fromStart[pick]!.km : problem.between[from]![pick]!.km;
      if (km < bestKm) pick = j;
    }
    nearest.push(pick);
    left.delete(pick);
  }
  if (overBudget(options)) return best;
  consider(localSearch(problem, nearest, options));
  progress?.(2);
  let seed = 0x9e3779b9;
  const next = () => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return seed / 4294967296;
  };
  for (let r = 0; r < restartsFor(n) && !overBudget(options); r++) {
    const shuffled = [...Array(n).keys()];
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    consider(localSearch(problem, shuffled, options));
    progress?.(3 + r);
  }
  return best;
}

/**
 * The best order of the loads: fewest empty km among the routes that meet every delivery window,
 * then the earliest end. Exact up to EXACT_MAX_ORDERS orders. When no route meets every window the
 * answer is the least late route found, with `feasible: false` and its lateness per stop, so the
 * caller reports which windows cannot be met instead of breaking them silently.
 */
export function solveRoute(problem: RouteProblem, current?: readonly number[], options?: SolveOptions): SolvedRoute {
  const n = problem.windows.length;
  if (n === 0) return { ...evaluateRoute(problem, []), sequence: [], method: 'exact' };
  const searches = searchesFor(n);
  const total = current ? 2 * searches : searches;
  const heuristic = heuristicRoute(problem, undefined, options, (done) => options?.onProgress?.(done, total));
  const fromCurrent = current ? heuristicRoute(problem, current, options, (done) => options?.onProgress?.(searches + done, total)) : null;
  const guess = fromCurrent && compareRoutes(fromCurrent, heuristic) < 0 ? fromCurrent : heuristic;
  if (n > EXACT_MAX_ORDERS) return guess;
  const optimum = exact(problem, guess.feasible ? guess.emptyKm : Number.POSITIVE_INFINITY, options);
  // Out of budget: the heuristic's best, and not called exact.
  if (optimum === OUT_OF_BUDGET) return guess;
  if (optimum && compareRoutes(optimum, guess) <= 0) return optimum;
  // No route meets every window (exact found none), or the bound's route is already optimal.
  return guess.feasible ? { ...guess, method: 'exact' } : guess;
}

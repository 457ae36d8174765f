import type { HandlingMinutes, RoadLeg } from '../travel/index';

/**
 * One tour as the route optimizer sees it: each order is a pickup-and-delivery pair driven in one go
 * (bulk material: a truck carries one load at a time), so a route is an order of the loads. What
 * changes with the order are the empty runs: from the start to the first loading plant, and from each
 * delivery plant to the next loading plant. Minutes of the tour's day.
 */
export interface RouteProblem {
  startMinute: number;
  handling: HandlingMinutes;
  /** From the tour's start place to each order's loading plant. */
  fromStart: readonly RoadLeg[];
  /** `between[i][j]`: from order i's delivery plant to order j's loading plant. */
  between: readonly (readonly RoadLeg[])[];
  /** Each order's loaded leg. */
  loaded: readonly RoadLeg[];
  /** Each order's delivery window [earliest, latest] arrival at the delivery plant. */
  windows: readonly (readonly [number, number])[];
}

/** A fixed delivery time is met within this many minutes either side (docs/order-status.md "Route optimization"). */
export const FIXED_TIME_TOLERANCE_MINUTES = 30;

/** An order's delivery window: fixed ± the tolerance, or the range; the whole day without a time. */
export function deliveryWindow(time: { type: string; fixed?: string | null; from?: string | null; to?: string | null }): [number, number] {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  if (time.type === 'fixed' && time.fixed) return [m(time.fixed) - FIXED_TIME_TOLERANCE_MINUTES, m(time.fixed) + FIXED_TIME_TOLERANCE_MINUTES];
  if (time.type === 'range' && time.from && time.to) return [m(time.from), m(time.to)];
  return [0, 24 * 60];
}

/** A route driven: its empty km, when it ends, each arrival, and how late (minutes past the windows). */
export interface RouteEvaluation {
  emptyKm: number;
  endMinute: number;
  arrivals: number[];
  /** Per position of the route, minutes after the window closed (0 when in time). */
  lateness: number[];
  totalLateness: number;
  feasible: boolean;
}

/** Tolerance for comparing km and minutes computed in different orders of addition. */
export const EPSILON = 1e-6;

/**
 * Drives the loads in `sequence` from the start: empty run, loading, loaded leg; a truck early at the
 * delivery plant waits for the window to open, then unloads.
 */
export function evaluateRoute(problem: RouteProblem, sequence: readonly number[]): RouteEvaluation {
  const { handling } = problem;
  let t = problem.startMinute;
  let km = 0;
  let previous = -1;
  const arrivals: number[] = [];
  const lateness: number[] = [];
  for (const j of sequence) {
    const empty = previous < 0 ? problem.fromStart[j]! : problem.between[previous]![j]!;
    km += empty.km;
    const arrival = t + empty.minutes + handling.loadingMinutes + problem.loaded[j]!.minutes;
    const [from, to] = problem.windows[j]!;
    const late = Math.max(0, arrival - to);
    const served = Math.max(arrival, from);
    arrivals.push(served);
    lateness.push(late > EPSILON ? late : 0);
    t = served + handling.unloadingMinutes;
    previous = j;
  }
  const totalLateness = lateness.reduce((a, b) => a + b, 0);
  return { emptyKm: km, endMinute: t, arrivals, lateness, totalLateness, feasible: totalLateness === 0 };
}

/** The totals of a route only (no arrays): what the heuristic compares thousands of times. */
export interface RouteScore {
  totalLateness: number;
  emptyKm: number;
  endMinute: number;
}

export function scoreRoute(problem: RouteProblem, sequence: readonly number[]): RouteScore {
  const { loadingMinutes, unloadingMinutes } = problem.handling;
  let t = problem.startMinute;
  let km = 0;
  let late = 0;
  let previous = -1;
  for (const j of sequence) {
    const empty = previous < 0 ? problem.fromStart[j]! : problem.between[previous]![j]!;
    km += empty.km;
    const arrival = t + empty.minutes + loadingMinutes + problem.loaded[j]!.minutes;
    const window = problem.windows[j]!;
    if (arrival - window[1] > EPSILON) late += arrival - window[1];
    t = (arrival > window[0] ? arrival : window[0]) + unloadingMinutes;
    previous = j;
  }
  return { totalLateness: late, emptyKm: km, endMinute: t };
}

/** Better route first: in time before late, then fewer empty km, then the earlier end. */
export function compareRoutes(a: RouteScore, b: RouteScore): number {
  if (Math.abs(a.totalLateness - b.totalLateness) > EPSILON) return a.totalLateness - b.totalLateness;
  if (Math.abs(a.emptyKm - b.emptyKm) > EPSILON) return a.emptyKm - b.emptyKm;
  if (Math.abs(a.endMinute - b.endMinute) > EPSILON) return a.endMinute - b.endMinute;
  return 0;
}

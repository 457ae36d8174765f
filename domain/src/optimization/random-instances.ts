import { straightLineLeg } from '../travel/index';
import type { GeoPoint } from '../travel/index';
import { seededRandom } from '../order-text/testing/large-catalogue';
import type { RouteProblem } from './route-problem';

/**
 * Random tours for the solver's tests and the benchmark: `n` loads between the given plants, from a
 * start at 06:00, each with a fixed time (± 30 min) or a range drawn around a plausible arrival.
 * `tightness` is the share of loads with a window (0: whole-day windows); the windows are put around
 * the arrivals of the loads driven in a random order, so at least that route meets them all.
 */
export function randomRouteProblem(seed: number, n: number, plants: readonly GeoPoint[], tightness = 0.5): RouteProblem {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const settings = { roadFactor: 1.3, averageSpeedKmh: 62 };
  const handling = { loadingMinutes: 25, unloadingMinutes: 20 };
  const pick = () => plants[int(0, plants.length - 1)]!;
  const start = pick();
  const orders = Array.from({ length: n }, () => {
    const loading = pick();
    let delivery = pick();
    while (delivery === loading && plants.length > 1) delivery = pick();
    return { loading, delivery };
  });
  const leg = (a: GeoPoint, b: GeoPoint) => straightLineLeg(settings, a, b);
  // Windows around the arrivals of the loads driven in a random order: some route meets them all.
  const shuffled = [...orders.keys()];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const arrival = new Array<number>(n);
  let t = 360;
  let at = start;
  for (const k of shuffled) {
    const o = orders[k]!;
    t += leg(at, o.loading).minutes + handling.loadingMinutes + leg(o.loading, o.delivery).minutes;
    arrival[k] = t;
    t += handling.unloadingMinutes;
    at = o.delivery;
  }
  const windows = orders.map((_, k) => {
    // No time wanted: any arrival (a long random tour may run past midnight).
    if (int(0, 99) >= tightness * 100) return [0, Number.MAX_SAFE_INTEGER] as const;
    const centre = arrival[k]!;
    return int(0, 1) === 0 ? ([centre - 30, centre + 30] as const) : ([centre - 60 * int(1, 2), centre + 60 * int(1, 2)] as const);
  });
  return {
    startMinute: 360,
    handling,
    fromStart: orders.map((o) => leg(start, o.loading)),
    between: orders.map((a) => orders.map((b) => leg(a.delivery, b.loading))),
    loaded: orders.map((o) => leg(o.loading, o.delivery)),
    windows,
  };
}


import type { RoadLeg } from './distance-port';

/** Minutes at the plants per load (`tariff.loadingMinutes`, `tariff.unloadingMinutes`). */
export interface HandlingMinutes {
  loadingMinutes: number;
  unloadingMinutes: number;
}

/** One load driven: empty run to the loading plant, loading, loaded leg, unloading. Minutes of the day. */
export interface LoadRun {
  departure: number;
  /** At the loading plant. */
  loadingStart: number;
  /** At the delivery plant: the delivery time the customer sees. */
  arrival: number;
  /** Unloaded, free for the next load. */
  done: number;
  emptyKm: number;
  loadedKm: number;
}

/** The times of one load that leaves at `departure` (minutes since midnight). */
export function loadRun(handling: HandlingMinutes, departure: number, empty: RoadLeg, loaded: RoadLeg): LoadRun {
  const loadingStart = departure + empty.minutes;
  const arrival = loadingStart + handling.loadingMinutes + loaded.minutes;
  return { departure, loadingStart, arrival, done: arrival + handling.unloadingMinutes, emptyKm: empty.km, loadedKm: loaded.km };
}

/**
 * A tour's loads driven one after another from its start: each load leaves when the one before is
 * unloaded. The tour ends when the last load is unloaded.
 */
export function tourRuns(handling: HandlingMinutes, start: number, legs: readonly { empty: RoadLeg; loaded: RoadLeg }[]): { runs: LoadRun[]; end: number } {
  const runs: LoadRun[] = [];
  let at = start;
  for (const { empty, loaded } of legs) {
    const run = loadRun(handling, at, empty, loaded);
    runs.push(run);
    at = run.done;
  }
  return { runs, end: at };
}
